// Portraits until real photos exist: the person's initials on a colour picked from their name,
// so the same person always gets the same colour, on every page and in every build. Every colour
// keeps white text above 4.5:1.
const colours = ['#1d4ed8', '#0f766e', '#6d28d9', '#b45309', '#be123c', '#047857', '#4338ca', '#334155'];

// FNV-1a with a final mix, so that similar names spread over the few choices (a plain *31 hash
// put three of the four team members on the same colour).
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** "Laura Martín" → "LM"; one word gives one letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return picked.map((w) => [...w][0]!.toLocaleUpperCase()).join('');
}

export function avatarColour(name: string): string {
  return colours[hash(name) % colours.length]!;
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
