// The agora: "Play ranked" queues grouping players into competitive single hands (§13) of
// Machiavelox by three, or ranked classic rounds by three or four (pools.ts), closest skill at
// that game first, the window widening with waiting time. One entry per player, in one pool: a
// second tab sees the same entry. A group found becomes a live match through the live server.
// Alone, the process holds the queue and matches; in a site of several nodes the queue is in
// Redis and one node at a time matches (site.ts). Players learn of their match by their status,
// read from the database wherever they are connected.

import { refuse } from "../refusals";
import type { Redis } from "ioredis";
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
import { siteBus } from "../site-bus";
import { MatcherLock, RedisQueue } from "./site";

/** How often the matcher looks at the queue (it also looks at once when someone joins). */
export const MATCH_EVERY_MS = 1000;

export type AgoraStatus = {
  /** `waiting`: the players queued in the same pool, you included. */
  queued: { since: number; waiting: number; pool: RankedPool } | null;
  /** Your competitive match waiting or playing, to go to. */
  matchId: string | null;
  ban: ActiveBan | null;
};

export type AgoraOptions = {
  queue?: QueueStore;
  /** In a site: the lock that makes this node the one that matches while it holds it. */
  lock?: MatcherLock;
  logger?: Logger;
};

export class Agora {
  private matching: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly queue: QueueStore;
  private readonly lock: MatcherLock | undefined;
  private readonly logger: Logger | undefined;

  constructor(
    private readonly db: Db,
    options: AgoraOptions = {},
  ) {
    this.queue = options.queue ?? new MemoryQueue();
    this.lock = options.lock;
    this.logger = options.logger;
  }

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
    if (this.matchesHere()) {
      this.start();
      await this.match(now);
    } else siteBus().send("agora-queued", { userId: user.id });
    return this.status(user);
  }

  async cancel(user: SessionUser): Promise<AgoraStatus> {
    // After a group is formed the entry is gone: cancelling then changes nothing.
    await this.matching;
    await this.queue.take([user.id]);
    return this.status(user);
  }

  async status(user: SessionUser): Promise<AgoraStatus> {
    const [entry, matchId, ban] = await Promise.all([
      this.queue.get(user.id),
      this.currentMatch(user.id),
      activeBan(this.db, user.id, ["MODERATOR", "ABANDONMENT"]),
    ]);
    return {
      queued: entry && {
        since: entry.since,
        waiting: await this.queue.waiting(entry.pool),
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
            // Someone who left meanwhile (or was taken by a matcher that lost its lock): the
            // others wait for the next round.
            if (!(await this.queue.take(group.map((entry) => entry.userId)))) continue;
            await this.startMatch(group, pool);
          }
        }
      })
      .catch((error: unknown) => this.logger?.error({ err: error }, "agora matching failed"));
    return this.matching;
  }

  /** Whether this process forms the groups: alone it does; in a site, while it holds the lock. */
  private matchesHere(): boolean {
    return !this.lock || this.lock.held;
  }

  /**
   * Runs the matcher every second: alone, while anyone waits; in a site, always, taking or
   * renewing the lock at each round and matching while this node holds it.
   */
  start() {
    this.timer ??= setInterval(() => void this.round(), MATCH_EVERY_MS).unref();
  }

  private async round() {
    if (this.lock) {
      if (await this.lock.hold()) await this.match();
    } else if ((await this.queue.all()).length === 0) await this.stop();
    else await this.match();
  }

  /** A player queued on another node: the node that matches looks at once. */
  queuedElsewhere() {
    if (this.lock?.held) void this.match();
  }

  /**
   * Stops matching here once the groups being formed have their tables; in a site, hands the
   * lock over so that another node matches at once.
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.matching;
    await this.lock?.release();
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
export async function startAgora(
  db: Db,
  registry: LiveMatches,
  logger: Logger,
  site?: { redis: Redis; nodeId: string },
): Promise<Agora> {
  const log = logger.child({ module: "agora" });
  const agora = new Agora(
    db,
    site
      ? {
          queue: new RedisQueue(site.redis),
          lock: new MatcherLock(site.redis, site.nodeId),
          logger: log,
        }
      : { logger: log },
  );
  shared.machiaveloxAgora = agora;
  if (site) {
    siteBus().handle("agora-queued", () => agora.queuedElsewhere());
    agora.start();
  }
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
  return agora;
}
