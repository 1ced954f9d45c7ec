import { useSyncExternalStore } from 'react';
import { createStore } from '../external-store';

/** Show the bar only for work that lasts longer than this (ms)… */
export const PROGRESS_DELAY_MS = 200;
/** …and give up on it after this long (ms), so a stuck request cannot keep it forever. */
export const PROGRESS_MAX_MS = 5000;

type Timer = ReturnType<typeof setTimeout>;

/**
 * Counts running tasks (navigations, API requests) and decides whether the bar is visible:
 * visible after PROGRESS_DELAY_MS of continuous activity, hidden when all tasks end or after
 * PROGRESS_MAX_MS.
 */
export function createProgress(
  // Wrapped: browsers refuse setTimeout called as a method of another object ("Illegal invocation").
  timers: { set: (fn: () => void, ms: number) => Timer; clear: (t: Timer) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (t) => clearTimeout(t),
  },
) {
  const visible = createStore(false);
  let active = 0;
  // Bumped when the bar gives up: tasks of an earlier generation no longer count.
  let generation = 0;
  let showTimer: Timer | undefined;
  let giveUpTimer: Timer | undefined;

  function reset() {
    if (showTimer) timers.clear(showTimer);
    if (giveUpTimer) timers.clear(giveUpTimer);
    showTimer = giveUpTimer = undefined;
  }

  function start(): () => void {
    active += 1;
    if (active === 1) {
      reset();
      showTimer = timers.set(() => visible.set(true), PROGRESS_DELAY_MS);
      giveUpTimer = timers.set(() => {
        reset();
        generation += 1;
        active = 0;
        visible.set(false);
      }, PROGRESS_MAX_MS);
    }
    const mine = generation;
    let finished = false;
    return () => {
      if (finished || mine !== generation) return;
      finished = true;
      active -= 1;
      if (active === 0) {
        reset();
        visible.set(false);
      }
    };
  }

  return { start, visible };
}

export const progress = createProgress();

/** Runs `work` with the progress bar; used by the API client and navigations. */
export async function withProgress<T>(work: Promise<T>): Promise<T> {
  const done = progress.start();
  try {
    return await work;
  } finally {
    done();
  }
}

export function useProgressVisible(): boolean {
  return useSyncExternalStore(progress.visible.subscribe, progress.visible.get, () => false);
}
