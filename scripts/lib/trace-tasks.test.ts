import { describe, expect, it } from 'vitest';
import { longTasksOnCpu } from './trace-tasks.mjs';

const page = { pid: 1, tid: 10 };
const task = (ts: number, ms: number, cpuMs: number, thread = page) => ({
  name: 'RunTask',
  ph: 'X',
  ...thread,
  ts: ts * 1000,
  dur: ms * 1000,
  tdur: cpuMs * 1000,
});

describe("the page's main thread in a trace", () => {
  it('sums its tasks of 10 ms and more, each once, with the time it ran on a core', () => {
    const events = [
      { name: 'ParseHTML', ph: 'X', ...page, ts: 0, dur: 1000, args: { beginData: { url: 'http://localhost:3300/about' } } },
      task(0, 100, 30),
      // Nested in the task above: not counted again.
      { ...task(10, 50, 20), name: 'ThreadControllerImpl::RunTask' },
      task(200, 40, 40),
      // Under 10 ms, another thread of the renderer, and another tab's process: left out.
      task(300, 9, 9),
      task(400, 200, 200, { pid: 1, tid: 11 }),
      task(600, 300, 300, { pid: 2, tid: 10 }),
    ];
    expect(longTasksOnCpu(events, 'http://localhost:3300')).toEqual({ tasks: 2, wallMs: 140, cpuMs: 70, share: 50 });
  });

  it('says nothing of a trace without the page, or without long tasks', () => {
    const parse = { name: 'ParseHTML', ph: 'X', ...page, ts: 0, dur: 1000, args: { beginData: { url: 'http://localhost:3300/' } } };
    expect(longTasksOnCpu([parse, task(0, 100, 50)], 'http://localhost:9999')).toBeNull();
    expect(longTasksOnCpu([parse, task(0, 5, 5)], 'http://localhost:3300')).toBeNull();
  });
});
