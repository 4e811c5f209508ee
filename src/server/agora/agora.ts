// The agora: "Play ranked" queues grouping players into competitive single hands (§13) of
// Machiavelox by three, or ranked classic rounds by three or four (pools.ts), closest skill at
// that game first, the window widening with waiting time. One entry per player, in one pool: a
// second tab sees the same entry. A group found becomes a live match through the live server.

import { refuse } from "../refusals";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session";
import { activeBan, banMessage } from "../admin/bans";
import type { ActiveBan } from "@/protocol/refusals";
import { live } from "../games/live";
import { liveMatches, type LiveMatches } from "../matches/registry";
import { formGroups, MemoryQueue, type QueueEntry, type QueueStore } from "./queue";
import { RANKED_POOLS, scoreIn, specOfPool, tableSize, type RankedPool } from "./pools";
import { retryLater } from "../retry";
import { settleCompetitive } from "./settle";
import { blockedPairs } from "../friends/friends";

/** How often the matcher looks at the queue (it also looks at once when someone joins). */
export const MATCH_EVERY_MS = 1000;

export type AgoraStatus = {
  /** `waiting`: the players queued in the same pool, you included. */
  queued: { since: number; waiting: number; pool: RankedPool } | null;
  /** Your competitive match waiting or playing, to go to. */
  matchId: string | null;
  ban: ActiveBan | null;
};

export class Agora {
  private matching: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly queue: QueueStore = new MemoryQueue(),
    private readonly logger?: Logger,
  ) {}

  /**
   * Queues the player in `pool`, or answers their entry if they are queued already (another
   * tab; in another pool too: cancel first to change).
   */
  async enqueue(
    user: SessionUser,
    now = Date.now(),
    pool: RankedPool = "machiavelox",
  ): Promise<AgoraStatus> {
    const ban = await activeBan(this.db, user.id, ["MODERATOR", "ABANDONMENT"]);
    if (ban)
      throw refuse(
        "FORBIDDEN",
        banMessage(ban),
        "BANNED",
        ban.kind,
        ban.endsAt?.toISOString() ?? null,
        ban.reason,
      );
    if (await this.currentMatch(user.id))
      throw refuse("CONFLICT", "Finish your competitive hand first.", "FINISH_RANKED_HAND");
    const ratings = await this.db.user.findUniqueOrThrow({
      where: { id: user.id },
      select: {
        ratingMu: true,
        ratingSigma: true,
        classicRatingMu: true,
        classicRatingSigma: true,
      },
    });
    const score = scoreIn(pool, ratings);
    await this.queue.add({ userId: user.id, name: user.name, pool, score, since: now });
    this.start();
    await this.match(now);
    return this.status(user);
  }

  async cancel(user: SessionUser): Promise<AgoraStatus> {
    // After a group is formed the entry is gone: cancelling then changes nothing.
    await this.matching;
    await this.queue.remove(user.id);
    return this.status(user);
  }

  async status(user: SessionUser): Promise<AgoraStatus> {
    const [entry, all, matchId, ban] = await Promise.all([
      this.queue.get(user.id),
      this.queue.all(),
      this.currentMatch(user.id),
      activeBan(this.db, user.id, ["MODERATOR", "ABANDONMENT"]),
    ]);
    return {
      queued: entry && {
        since: entry.since,
        waiting: all.filter((other) => other.pool === entry.pool).length,
        pool: entry.pool,
      },
      matchId,
      ban,
    };
  }

  /** Forms every group the queue allows now and starts their matches; one run at a time. */
  match(now = Date.now()): Promise<void> {
    this.matching = this.matching
      .then(async () => {
        const queued = await this.queue.all();
        const apart = await blockedPairs(
          this.db,
          queued.map((entry) => entry.userId),
        );
        for (const pool of RANKED_POOLS) {
          const waiting = queued.filter((entry) => entry.pool === pool);
          for (const group of formGroups(waiting, now, apart, tableSize(pool))) {
            for (const entry of group) await this.queue.remove(entry.userId);
            await this.startMatch(group, pool);
          }
        }
      })
      .catch((error: unknown) => this.logger?.error({ err: error }, "agora matching failed"));
    return this.matching;
  }

  /** Runs the matcher every second while anyone waits. */
  private start() {
    this.timer ??= setInterval(() => {
      void this.queue.all().then((all) => {
        if (all.length === 0) this.stop();
        else void this.match();
      });
    }, MATCH_EVERY_MS).unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Opens a competitive table of the pool's game for the first and seats the others: it starts. */
  private async startMatch(group: QueueEntry[], pool: RankedPool) {
    const [first, ...others] = group.map((entry) => this.sessionOf(entry));
    // MATCH_CLOCK_SCALE is 1 but on test servers, where ranked turns would be too long to wait.
    const { matchId } = await live(() =>
      liveMatches().open(
        first!,
        { kind: "COMPETITIVE" },
        specOfPool(pool),
        liveMatches().settings.MATCH_CLOCK_SCALE,
      ),
    );
    for (const user of others) await live(() => liveMatches().seat(user, matchId));
    const players = group.map((entry) => entry.name);
    this.logger?.info({ matchId, pool, players }, "agora match");
  }

  private sessionOf(entry: QueueEntry): SessionUser {
    return { id: entry.userId, name: entry.name, role: "PLAYER" };
  }

  private async currentMatch(userId: string): Promise<string | null> {
    const match = await this.db.match.findFirst({
      where: {
        kind: "COMPETITIVE",
        status: { in: ["WAITING", "PLAYING"] },
        seats: { some: { userId } },
      },
      select: { id: true },
    });
    return match?.id ?? null;
  }
}

// Next bundles route handlers apart from the server tsx loads: one queue per process.
const shared = globalThis as typeof globalThis & { machiaveloxAgora?: Agora };

export function agora(db: Db): Agora {
  return (shared.machiaveloxAgora ??= new Agora(db));
}

/**
 * At start-up: the process's agora, and every competitive match counted when it ends — those
 * that ended while the server was down (or before they could be counted) at once.
 */
export async function startAgora(db: Db, registry: LiveMatches, logger: Logger): Promise<void> {
  const log = logger.child({ module: "agora" });
  shared.machiaveloxAgora = new Agora(db, new MemoryQueue(), log);
  // Retried while the process lives; settling is idempotent, and a restart settles what is left.
  const settle = (matchId: string, failures = 0): Promise<void> =>
    settleCompetitive(db, matchId).catch((error: unknown) => {
      const fields = { matchId, err: error };
      const retry = () => void settle(matchId, failures + 1);
      retryLater(
        log,
        failures + 1,
        fields,
        "competitive result not counted: retrying",
        retry,
      ).unref();
    });
  registry.whenEnded((matchId) => void settle(matchId));
  const pending = await db.match.findMany({
    where: { kind: "COMPETITIVE", status: "ENDED", settledAt: null },
    select: { id: true },
  });
  for (const { id } of pending) await settle(id);
}
