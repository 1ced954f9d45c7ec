/** See trace-tasks.mjs. */
export function longTasksOnCpu(
  events: Array<{ name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: unknown }>,
  origin: string,
): { tasks: number; wallMs: number; cpuMs: number; share: number } | null;
