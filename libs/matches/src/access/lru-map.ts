/**
 * A Map that holds at most `capacity` entries: a `set` past it drops the least recently used (read
 * with `get`, or set). A Map still, so the token fold (evolveTokens) writes into it unchanged.
 */
export class LruMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined;
    const value = super.get(key) as V;
    super.delete(key);
    super.set(key, value);
    return value;
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    for (const oldest of this.keys()) {
      if (this.size <= this.capacity) break;
      super.delete(oldest);
    }
    return this;
  }
}
