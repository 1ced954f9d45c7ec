/**
 * Answers kept for a short while in this process, at most `size` of them (the oldest go first).
 * An answer is not used once older than `ttlMs`, nor when it was made before `staleBefore` (the
 * moment what it shows last changed, here or on another node).
 *
 * An answer's age counts from when its making began (`startedAt`, taken before the read), not from
 * when it was kept: a read that began before a change and ended after it shows the old data, so it
 * must count as older than the change. For the same reason an answer begun before the last
 * `clear()` is not kept at all.
 */
export class RecentCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private clearedAt = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly size: number,
  ) {}

  get(key: string, staleBefore = 0): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = Date.now();
    if (now - hit.at >= this.ttlMs || hit.at <= staleBefore) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** Keeps `value`, made by a read that began at `startedAt` (Date.now() before it). */
  set(key: string, value: V, startedAt: number): void {
    // Within the same millisecond as a clear, which came first is unknown: not kept.
    if (startedAt <= this.clearedAt) return;
    this.entries.delete(key);
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: startedAt });
  }

  clear(): void {
    this.entries.clear();
    this.clearedAt = Date.now();
  }

  get count(): number {
    return this.entries.size;
  }
}
