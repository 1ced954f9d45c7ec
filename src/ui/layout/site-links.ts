// The header's links, in its order: the job board first (most visitors come for it), then what the
// consultancy sells, then who it is; the demo request last, as the header's button. The site's
// header and the static pages outside any locale (the 404) both list these.
export const headerLinks = [
  { href: '/jobs', key: 'jobs' },
  { href: '/services', key: 'services' },
  { href: '/products', key: 'products' },
  { href: '/training', key: 'training' },
  { href: '/about', key: 'about' },
  { href: '/careers', key: 'careers' },
  { href: '/contact', key: 'contact' },
] as const;

export const demoLink = { href: '/demo', key: 'demo' } as const;
