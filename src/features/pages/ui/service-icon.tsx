import type { ServiceIcon } from '../service-icons';

// Line icons for the six services, drawn for the site (24-unit grid, 1.75 stroke).

const paths: Record<ServiceIcon, React.ReactNode> = {
  cloud: (
    <>
      <path d="M7 18h10.5a4 4 0 0 0 .4-7.98A6 6 0 0 0 6.3 11.4 3.4 3.4 0 0 0 7 18z" />
      <path d="m10 14.5 2-2 2 2M12 12.5V17" />
    </>
  ),
  code: <path d="m8.5 8-4 4 4 4m7-8 4 4-4 4M13.5 5.5l-3 13" />,
  data: (
    <>
      <path d="M4 20h16" />
      <path d="M6.5 16v-4M11 16V8M15.5 16v-6M20 16V5" />
    </>
  ),
  team: (
    <>
      <circle cx="9" cy="8.5" r="3" />
      <path d="M3.5 19c.6-3 2.8-4.8 5.5-4.8s4.9 1.8 5.5 4.8" />
      <circle cx="16.5" cy="9.5" r="2.4" />
      <path d="M16.5 14.2c2.2 0 3.7 1.4 4.2 3.8" />
    </>
  ),
  delivery: (
    <>
      <path d="m12 3.5 7.5 4.2v8.6L12 20.5l-7.5-4.2V7.7z" />
      <path d="m4.5 7.7 7.5 4.2 7.5-4.2M12 11.9v8.6" />
    </>
  ),
  consulting: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m15.2 8.8-2 4.4-4.4 2 2-4.4z" />
    </>
  ),
};

export function ServiceIconImage({ icon, className = 'h-6 w-6' }: { icon: ServiceIcon; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[icon]}
    </svg>
  );
}
