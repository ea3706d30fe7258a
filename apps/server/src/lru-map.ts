/**
 * A Map that holds at most `capacity` entries and, when full, forgets the least recently used one (set or read).
 * The server's in-memory caches (prepared statements, verified tokens, live sessions, working orders) are all this.
 */
export class LruMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined;
    const value = super.get(key) as V;
    // Re-inserting moves the key to the end: a Map iterates in insertion order, oldest first.
    super.delete(key);
    super.set(key, value);
    return value;
  }

  override set(key: K, value: V): this {
    super.delete(key);
    if (this.size >= this.capacity) super.delete(super.keys().next().value as K);
    return super.set(key, value);
  }
}
