/**
 * A map whose entries expire and whose size is bounded: past `max` entries the oldest go first,
 * so keys an attacker invents by the thousand (forged tokens, made-up ids) cannot grow it.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The value kept for `key`, or undefined when none is, or it has expired. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` for `ttlMs` (nothing when it is not positive). */
  set(key: K, value: V, ttlMs: number): void {
    this.entries.delete(key);
    if (ttlMs <= 0) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: this.now() + ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
