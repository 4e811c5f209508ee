// The matchmaking queue's storage, behind an interface: one server process holds it in memory;
// the nodes of a site share it in Redis (site.ts) without the matcher changing.

import type { RankedPool } from "./pools";

export type QueueEntry = {
  userId: string;
  name: string;
  /** The game and table the player queued for: groups form within a pool only. */
  pool: RankedPool;
  /** The player's skill score at the pool's game when queued (see ratings.ts). */
  score: number;
  /** Epoch ms. */
  since: number;
};

export interface QueueStore {
  /** Adds the entry unless the player already has one; answers the player's entry either way. */
  add(entry: QueueEntry): Promise<QueueEntry>;
  get(userId: string): Promise<QueueEntry | null>;
  /**
   * Removes every one of these players if all of them are queued, else none: whether it did. A
   * group is taken whole, so a player who cancels meanwhile is never seated.
   */
  take(userIds: string[]): Promise<boolean>;
  all(): Promise<QueueEntry[]>;
  /** How many players wait in `pool`. */
  waiting(pool: RankedPool): Promise<number>;
}

export class MemoryQueue implements QueueStore {
  private readonly entries = new Map<string, QueueEntry>();

  async add(entry: QueueEntry): Promise<QueueEntry> {
    const held = this.entries.get(entry.userId);
    if (held) return held;
    this.entries.set(entry.userId, entry);
    return entry;
  }

  async get(userId: string): Promise<QueueEntry | null> {
    return this.entries.get(userId) ?? null;
  }

  async take(userIds: string[]): Promise<boolean> {
    if (!userIds.every((userId) => this.entries.has(userId))) return false;
    for (const userId of userIds) this.entries.delete(userId);
    return true;
  }

  async all(): Promise<QueueEntry[]> {
    return [...this.entries.values()];
  }

  async waiting(pool: RankedPool): Promise<number> {
    return [...this.entries.values()].filter((entry) => entry.pool === pool).length;
  }
}

/** How far apart in skill score a player accepts opponents right away… */
export const BASE_WINDOW = 5;
/** …widening by this much for every second waited, so nobody waits for ever. */
export const WINDOW_PER_SECOND = 0.5;

/** The key of a pair of players, the same either way round. */
export function pairOf(a: Pick<QueueEntry, "userId">, b: Pick<QueueEntry, "userId">): string {
  return a.userId < b.userId ? `${a.userId} ${b.userId}` : `${b.userId} ${a.userId}`;
}

export function windowOf(entry: QueueEntry, now: number): number {
  return BASE_WINDOW + (WINDOW_PER_SECOND * Math.max(0, now - entry.since)) / 1000;
}

/**
 * Groups of `size` (three unless said) to start now: closest scores first. Among neighbours in
 * score order, the group with the smallest spread goes first, if that spread fits in each
 * member's window; then the next, until no group fits. A group holding a pair in `apart` (keys
 * made by `pairOf`: one player blocks the other) is never formed. The entries are one pool's.
 */
export function formGroups(
  entries: QueueEntry[],
  now: number,
  apart: ReadonlySet<string> = new Set(),
  size = 3,
): QueueEntry[][] {
  let waiting = [...entries].sort((a, b) => a.score - b.score || a.since - b.since);
  const groups: QueueEntry[][] = [];
  for (;;) {
    let best: { at: number; spread: number } | null = null;
    for (let at = 0; at + size <= waiting.length; at++) {
      const group = waiting.slice(at, at + size);
      const spread = group.at(-1)!.score - group[0]!.score;
      if (group.some((entry) => windowOf(entry, now) < spread)) continue;
      if (group.some((one, i) => group.slice(i + 1).some((two) => apart.has(pairOf(one, two)))))
        continue;
      if (!best || spread < best.spread) best = { at, spread };
    }
    if (!best) return groups;
    groups.push(waiting.slice(best.at, best.at + size));
    waiting = [...waiting.slice(0, best.at), ...waiting.slice(best.at + size)];
  }
}
