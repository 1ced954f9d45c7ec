import { describe, expect, it } from 'vitest';
import { afterCommit, committed } from './after-commit';

describe('work after a commit', () => {
  it('runs at once outside a transaction that committed() runs', async () => {
    const done: string[] = [];
    await afterCommit(async () => void done.push('marked'));
    expect(done).toEqual(['marked']);
  });

  it('waits for the outer transaction, and runs once it has resolved', async () => {
    const done: string[] = [];
    const result = await committed(async () => {
      await afterCommit(async () => void done.push('marked'));
      done.push('committed');
      return 42;
    });
    expect(result).toBe(42);
    expect(done).toEqual(['committed', 'marked']);
  });

  it('is dropped when the outer transaction fails', async () => {
    const done: string[] = [];
    await expect(
      committed(async () => {
        await afterCommit(async () => void done.push('marked'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(done).toEqual([]);
    // And the scope does not outlive it.
    await afterCommit(async () => void done.push('later'));
    expect(done).toEqual(['later']);
  });
});
