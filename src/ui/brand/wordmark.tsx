import { nameHash } from './name-hash';
// Client logos drawn as wordmarks (a small emblem and the name in a type style of its own), in
// grey like the logo strips of larger firms. They stand in for real logo files: the emblem and the
// style are picked from the name, so a configured list (CLIENT_NAMES) gets stable, varied marks.

const styles = [
  'font-semibold tracking-tight',
  'text-sm font-bold tracking-[0.15em] uppercase',
  'font-serif italic font-semibold',
  'font-extrabold lowercase tracking-tight',
  'font-medium tracking-wide',
  'font-serif text-sm font-bold tracking-widest uppercase',
];

const emblems = [
  // ring
  <circle key="e" cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="3" />,
  // triangle
  <path key="e" d="M12 3.5 21 19.5H3z" fill="currentColor" />,
  // hexagon
  <path key="e" d="m12 2.5 8.2 4.75v9.5L12 21.5l-8.2-4.75v-9.5z" fill="currentColor" />,
  // stacked bars
  <path key="e" d="M4 5h16v3.5H4zm0 5.25h12v3.5H4zm0 5.25h8V19H4z" fill="currentColor" />,
  // wave
  <path key="e" d="M2.5 14c3-5 6-5 9.5 0s6.5 5 9.5 0" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />,
  // diamond with a dot
  <path key="e" d="m12 2.5 9.5 9.5-9.5 9.5L2.5 12zm0 6.5a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" fill="currentColor" fillRule="evenodd" />,
];

export function Wordmark({ name }: { name: string }) {
  const h = nameHash(name);
  return (
    <span className={`inline-flex items-center gap-2 text-base whitespace-nowrap text-gray-600 ${styles[h % styles.length]}`}>
      <svg viewBox="0 0 24 24" className="h-6 w-6 shrink-0" aria-hidden="true" focusable="false">
        {emblems[(h >>> 3) % emblems.length]}
      </svg>
      {name}
    </span>
  );
}
