import type { ReactNode } from 'react';
import { setRequestBoard } from '@/features/jobs/ui/request-board';

/**
 * Tells the page's 404 (./not-found.tsx) which board the address names: Next renders a not-found
 * page without params, and within this layout, after it.
 */
export default async function JobLayout({ children, params }: { children: ReactNode; params: Promise<{ dashboard: string }> }) {
  setRequestBoard((await params).dashboard);
  return children;
}
