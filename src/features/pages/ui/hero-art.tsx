// The home page's illustration: a product dashboard, a pipeline that shipped and the services
// behind it, drawn inline (no image request, nothing to lay out late). Decorative.
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 440 360" className={className} aria-hidden="true" focusable="false">
      <circle cx="250" cy="180" r="165" fill="#dbeafe" />
      <circle cx="372" cy="58" r="26" fill="#bfdbfe" />
      {/* services behind the product, linked */}
      <path d="M70 292h110m0 0v-40m0 40h120" stroke="#93c5fd" strokeWidth="3" fill="none" strokeDasharray="2 7" strokeLinecap="round" />
      <rect x="30" y="272" width="64" height="40" rx="10" fill="#1e40af" />
      <rect x="280" y="272" width="64" height="40" rx="10" fill="#1d4ed8" />
      <path d="M46 287h32M46 297h20M296 287h32M296 297h24" stroke="#bfdbfe" strokeWidth="4" strokeLinecap="round" />
      {/* the dashboard */}
      <g>
        <rect x="60" y="50" width="300" height="200" rx="14" fill="#ffffff" stroke="#e5e7eb" strokeWidth="2" />
        <path d="M60 64a14 14 0 0 1 14-14h272a14 14 0 0 1 14 14v14H60z" fill="#eff6ff" />
        <circle cx="80" cy="64" r="4.5" fill="#93c5fd" />
        <circle cx="95" cy="64" r="4.5" fill="#93c5fd" />
        <circle cx="110" cy="64" r="4.5" fill="#93c5fd" />
        <rect x="80" y="98" width="78" height="10" rx="5" fill="#111827" opacity=".85" />
        <rect x="80" y="116" width="52" height="8" rx="4" fill="#9ca3af" />
        <path
          d="M80 214c24-6 36-30 60-34s34 14 58 6 34-42 60-46 40 8 60-10"
          fill="none"
          stroke="#1d4ed8"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <path d="M80 214c24-6 36-30 60-34s34 14 58 6 34-42 60-46 40 8 60-10V232H80z" fill="#1d4ed8" opacity=".08" />
        <rect x="236" y="94" width="104" height="34" rx="8" fill="#eff6ff" />
        <rect x="246" y="106" width="40" height="10" rx="5" fill="#1d4ed8" />
        <rect x="292" y="106" width="38" height="10" rx="5" fill="#93c5fd" />
      </g>
      {/* a release that went out */}
      <g>
        <rect x="270" y="196" width="150" height="62" rx="12" fill="#ffffff" stroke="#e5e7eb" strokeWidth="2" />
        <circle cx="298" cy="227" r="14" fill="#047857" />
        <path d="m291 227 5 5 9-10" fill="none" stroke="#ffffff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="322" y="216" width="80" height="9" rx="4.5" fill="#111827" opacity=".8" />
        <rect x="322" y="232" width="56" height="8" rx="4" fill="#9ca3af" />
      </g>
      {/* the pixel of the logo mark */}
      <rect x="30" y="150" width="22" height="22" rx="4" fill="#93c5fd" />
      <rect x="380" y="150" width="12" height="12" rx="2.5" fill="#1e40af" />
    </svg>
  );
}
