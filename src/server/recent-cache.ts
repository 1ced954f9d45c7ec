/**
 * Answers kept for a short while in this process, at most `size` of them (the oldest go first).
 * An answer is not used once older than `ttlMs`, nor when it was made before `staleBefore` (the
 * moment what it shows last changed, here or on another node).
 */
export class RecentCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();

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

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: Date.now() });
  }

  clear(): void {
    this.entries.clear();
  }

  get count(): number {
    return this.entries.size;
  }
}
