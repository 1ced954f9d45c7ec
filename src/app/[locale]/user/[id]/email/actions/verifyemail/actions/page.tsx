// The spec's second address for the same link; it behaves like the first.
export const dynamic = 'force-dynamic';
export { default, generateMetadata } from '../page';
