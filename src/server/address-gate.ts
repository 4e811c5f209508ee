// The first limit a request meets: a token bucket per client address, checked before the body
// is read, the session decoded or the database asked. A flood from one address is then refused
// for the price of parsing its headers, and the live games keep the event loop. The limits
// behind it (sign-ups, opens, sockets per player) still apply to what passes.

/** Requests one address may burst, as a multiple of its rate per second. */
const BURST_SECONDS = 5;
/** Addresses remembered before full buckets are forgotten (a flood from many addresses). */
const SWEEP_AT = 10_000;

type Bucket = { tokens: number; at: number };

export class AddressGate {
  private readonly buckets = new Map<string, Bucket>();
  private readonly burst: number;

  /** `perSecond`: the sustained rate of one address (a school or an office: many players). */
  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.burst = perSecond * BURST_SECONDS;
  }

  /** Takes one request from `address`'s allowance; false when it has none left. */
  admit(address: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(address);
    const tokens = bucket
      ? Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond)
      : this.burst;
    if (tokens < 1) {
      bucket!.tokens = tokens;
      bucket!.at = now;
      return false;
    }
    if (bucket) {
      bucket.tokens = tokens - 1;
      bucket.at = now;
    } else {
      if (this.buckets.size >= SWEEP_AT) this.sweep(now);
      this.buckets.set(address, { tokens: tokens - 1, at: now });
    }
    return true;
  }

  /** Seconds until `address` may send again (for Retry-After). */
  retryAfter(address: string): number {
    const bucket = this.buckets.get(address);
    return bucket ? Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond)) : 1;
  }

  /**
   * Forgets the addresses whose buckets have refilled: they are as good as new. When too many are
   * still busy, the longest known go too, so memory and the sweep's work stay bounded.
   */
  private sweep(now: number) {
    for (const [address, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst) {
        this.buckets.delete(address);
      }
    }
    let excess = this.buckets.size - SWEEP_AT / 2;
    for (const address of this.buckets.keys()) {
      if (excess-- <= 0) break;
      this.buckets.delete(address);
    }
  }
}
