// A partner badge drawn inline: a shield with an emblem, the partner's name and the tier.
// Stand-ins until the real badge artwork of each programme is added.

const emblems = {
  cloud: <path d="M9 21h14a5 5 0 0 0 .6-9.96A7 7 0 0 0 10.2 12.6 4.2 4.2 0 0 0 9 21z" fill="#fff" />,
  stack: (
    <path
      d="m16 7 9 4.5-9 4.5-9-4.5zm-9 8.5 9 4.5 9-4.5M7 20l9 4.5 9-4.5"
      fill="none"
      stroke="#fff"
      strokeWidth="2.2"
      strokeLinejoin="round"
    />
  ),
  star: <path d="m16 7.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" fill="#fff" />,
} as const;
const kinds = Object.keys(emblems) as (keyof typeof emblems)[];
const shades = ['#1e40af', '#0f766e', '#334155', '#6d28d9', '#b45309'];

export function PartnerBadge({ name, tier, index }: { name: string; tier: string; index: number }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white px-4 py-3 shadow-sm" data-partner-badge="">
      <svg viewBox="0 0 32 36" className="h-11 w-10 shrink-0" aria-hidden="true" focusable="false">
        <path d="M16 1 30 6v11c0 8.5-5.9 15.2-14 18C7.9 32.2 2 25.5 2 17V6z" fill={shades[index % shades.length]} />
        {emblems[kinds[index % kinds.length]!]}
      </svg>
      <div className="min-w-0">
        <p className="leading-tight font-semibold text-ink">{name}</p>
        {tier ? <p className="mt-0.5 text-xs font-semibold tracking-wide text-brand-700 uppercase">{tier}</p> : null}
      </div>
    </div>
  );
}
