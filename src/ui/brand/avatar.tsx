import { nameHash } from './name-hash';
// Portraits until real photos exist: the person's initials on a colour picked from their name,
// so the same person always gets the same colour, on every page and in every build. Every colour
// keeps white text above 4.5:1.
const colours = ['#1d4ed8', '#0f766e', '#6d28d9', '#b45309', '#be123c', '#047857', '#4338ca', '#334155'];

/** "Laura Martín" → "LM"; one word gives one letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return picked.map((w) => [...w][0]!.toLocaleUpperCase()).join('');
}

export function avatarColour(name: string): string {
  return colours[nameHash(name) % colours.length]!;
}

/** Decorative: the name is always printed next to it. */
export function InitialsAvatar({ name, className = 'h-12 w-12' }: { name: string; className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={`shrink-0 ${className}`} aria-hidden="true" focusable="false" data-avatar={name}>
      <circle cx="24" cy="24" r="24" fill={avatarColour(name)} />
      <text x="24" y="24" dy="0.35em" textAnchor="middle" fill="#ffffff" fontSize="18" fontWeight="600" fontFamily="inherit">
        {initials(name)}
      </text>
    </svg>
  );
}
