import 'server-only';
import { cache } from 'react';
import { isDashboard, type Dashboard } from '../search';

// The board of the job page being rendered, for its 404 (not-found.tsx), which Next renders
// without the page's params. The job page's layout sets it; React's cache() keeps one per request.
const board = cache((): { dashboard: Dashboard } => ({ dashboard: 'all' }));

export function setRequestBoard(dashboard: string): void {
  board().dashboard = isDashboard(dashboard) ? dashboard : 'all';
}

export function requestBoard(): Dashboard {
  return board().dashboard;
}
