/**
 * A least-recently-used map bounded both by its number of entries and by the sum of their weights
 * (the replay cache: events held). Over either bound, whole entries go, least recently used first;
 * an entry heavier than the whole bound is not kept at all.
 */
export class LruByWeight<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly limits: { readonly maxEntries: number; readonly maxWeight: number },
    private readonly weightOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.total;
  }

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    this.entries.set(key, { value, weight: 0 });
    this.reweigh(key);
  }

  /** After the value grew (or shrank) in place, by its use: now the most recently used. */
  reweigh(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    const weight = this.weightOf(entry.value);
    this.total += weight - entry.weight;
    entry.weight = weight;
    this.evict();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.total -= entry.weight;
    this.entries.delete(key);
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.limits.maxWeight && this.entries.size <= this.limits.maxEntries) return;
      this.delete(key);
    }
  }
}
