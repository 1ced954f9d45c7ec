// What a Chromium trace of a page load says about the page's main thread (npm run audit).

/**
 * The audited page's main-thread tasks of 10 ms or more: their time, and how much of it the thread
 * ran on a core (the trace's thread time, `tdur`), from a Chromium trace of the page's load.
 * The page's main thread is the one that parsed its HTML; a task nested in another counts once.
 * @param {Array<{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number, args?: any }>} events
 * @param {string} origin the page's origin (the audited site)
 * @returns {{ tasks: number, wallMs: number, cpuMs: number, share: number } | null} null without such tasks
 */
export function longTasksOnCpu(events, origin) {
  const parse = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin));
  if (!parse) return null;
  const onMain = events
    .filter(
      (e) =>
        e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let end = -1;
  let wall = 0;
  let cpu = 0;
  let tasks = 0;
  for (const task of onMain) {
    if (task.ts < end) continue; // nested in the task before
    end = task.ts + (task.dur ?? 0);
    if ((task.dur ?? 0) < 10_000 || task.tdur === undefined) continue;
    tasks++;
    wall += task.dur ?? 0;
    cpu += task.tdur;
  }
  return tasks ? { tasks, wallMs: Math.round(wall / 1000), cpuMs: Math.round(cpu / 1000), share: Math.round((cpu / wall) * 100) } : null;
}
