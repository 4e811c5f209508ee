import pg from "pg";
import { databaseUrlOf, type Db } from "../db/client";

/**
 * How long a node's lease lasts unrenewed: a node that dies (no goodbye) and is not seen dying
 * (its Redis connection kept, a pause) loses its matches this long after its last renewal, so
 * another may take them. Two renewals may fail or lag in a row; a node stalled longer loses its
 * matches (the fence keeps that safe, only slower).
 */
export const LEASE_MS = 3_000;
/** How often a node renews its lease: a few renewals may fail or lag before it expires. */
export const RENEW_MS = 1_000;
/** How often a node looks for matches whose node's lease expired, to take its share of them. */
export const CLAIM_MS = 500;
/**
 * How long a node's matches wait for the node chosen to take them (`Leases.orphans`) before
 * any node may: that one may have died too, or not know yet that it was chosen.
 */
const CHOSEN_FIRST_MS = 2_000;

/** A node's lease renewed for `$2` ms from the database's now: `$1` alive that long. */
const RENEW_NODE = `INSERT INTO "NodeLease" ("nodeId", "expiresAt")
  VALUES ($1, now() + $2 * interval '1 millisecond')
  ON CONFLICT ("nodeId") DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt"`;

/** A match this node owns, under the epoch every append of its log carries. */
export type Lease = { matchId: string; epoch: number };

/** A match whose node's lease expired; `open`: any node may take it now, not only the chosen one. */
export type Orphan = { matchId: string; open: boolean };

/**
 * The ownership of live matches (MatchLease, NodeLease; docs/live-server.md, Ownership): one
 * node at a time holds a match, under an epoch raised by one at each taking. The epoch is the
 * fencing token: the event log takes an append only under the match's current epoch
 * (event-log.ts), so an owner that lost its match (a pause, a partition) can no longer write
 * even while it still believes it owns it. A match lease lasts as long as its node's lease,
 * the one row the node renews: expiry only says when the node's matches may be taken.
 *
 * Every time is the database's own (`now()`), never a node's clock: nodes' clocks may drift,
 * the one database they share decides.
 */
export class Leases {
  constructor(
    private readonly db: Db,
    /** This node (NODE_ID); a process started again under the same id takes its matches back at once. */
    readonly nodeId: string,
    private readonly leaseMs = LEASE_MS,
  ) {}

  private renewals: pg.Pool | undefined;
  private lookups: pg.Pool | undefined;

  /**
   * The leases' own connections: renewals on one, lookups on two, so that neither queues behind
   * the app's queries (a node whose Prisma pool is busy must neither lose its matches for it nor
   * fail actions looking for their owners), nor renewals behind lookups. A statement older than
   * a lease is of no use: given up, it frees its connection.
   */
  private connect(size: number): pg.Pool {
    const pool = new pg.Pool({
      connectionString: databaseUrlOf(this.db),
      max: size,
      connectionTimeoutMillis: this.leaseMs,
      query_timeout: this.leaseMs,
    });
    // An idle connection dropped (the database restarted) fails nothing: the next opens anew.
    pool.on("error", () => undefined);
    return pool;
  }

  private get renewalPool(): pg.Pool {
    return (this.renewals ??= this.connect(1));
  }

  private get lookupPool(): pg.Pool {
    return (this.lookups ??= this.connect(2));
  }

  /** Closes the leases' connections (the node stops). */
  async close(): Promise<void> {
    await Promise.all([this.renewals?.end(), this.lookups?.end()]);
    this.renewals = this.lookups = undefined;
  }

  /**
   * Takes each match that is free (never owned, or its node's lease expired) or this node's
   * own, under its epoch + 1 (1 for a match never owned), and renews this node's lease first:
   * a match taken lasts as long as it. Answers the leases taken; a match owned by another live
   * node is not among them.
   *
   * The rows taken are first locked FOR UPDATE (in one order, so two takers never deadlock):
   * the only lock that waits for the appends in flight, which hold theirs FOR KEY SHARE
   * (event-log.ts).
   */
  async acquire(matchIds: string[]): Promise<Lease[]> {
    if (matchIds.length === 0) return [];
    // Not in the transaction: its row lock would hold this node's renewals for as long as the
    // taking waits for a paused owner's appends.
    await this.db.$executeRawUnsafe(RENEW_NODE, this.nodeId, this.leaseMs);
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`
        SELECT 1 FROM "MatchLease" l
        WHERE l."matchId" = ANY(${matchIds}::text[])
          AND (l."nodeId" = ${this.nodeId} OR NOT EXISTS (
            SELECT 1 FROM "NodeLease" n WHERE n."nodeId" = l."nodeId" AND n."expiresAt" > now()))
        ORDER BY l."matchId" FOR UPDATE`;
      return tx.$queryRaw<Lease[]>`
        INSERT INTO "MatchLease" ("matchId", "nodeId", "epoch")
        SELECT id, ${this.nodeId}, 1 FROM unnest(${matchIds}::text[]) AS id
        ON CONFLICT ("matchId") DO UPDATE
          SET "nodeId" = EXCLUDED."nodeId", "epoch" = "MatchLease"."epoch" + 1
          WHERE "MatchLease"."nodeId" = EXCLUDED."nodeId" OR NOT EXISTS (
            SELECT 1 FROM "NodeLease" n
            WHERE n."nodeId" = "MatchLease"."nodeId" AND n."expiresAt" > now())
        RETURNING "matchId", "epoch"`;
    });
  }

  /**
   * Extends this node's lease, and so every match lease it holds; answers the ids of those
   * among `leases` it no longer holds (taken by another node under a later epoch while this
   * node's lease had expired). One whose node's lease expired but was not taken is kept:
   * nobody else wrote.
   */
  async renew(leases: Lease[]): Promise<string[]> {
    // A match taken while this node's lease had expired shows here, at the latest at the next
    // renewal (a taking in flight during this one); the fence keeps its log safe meanwhile.
    await this.renewalPool.query(RENEW_NODE, [this.nodeId, this.leaseMs]);
    if (leases.length === 0) return [];
    const { rows: kept } = await this.renewalPool.query<{ matchId: string }>(
      `SELECT l."matchId" FROM "MatchLease" AS l
       JOIN unnest($1::text[], $2::int[]) AS held("matchId", "epoch")
         ON l."matchId" = held."matchId" AND l."epoch" = held."epoch"
       WHERE l."nodeId" = $3`,
      [leases.map((lease) => lease.matchId), leases.map((lease) => lease.epoch), this.nodeId],
    );
    const held = new Set(kept.map((row) => row.matchId));
    return leases.filter((lease) => !held.has(lease.matchId)).map((lease) => lease.matchId);
  }

  /**
   * Hands this node's matches over (the node stopping, its renewals stopped): its lease expires
   * now, so other nodes take them at once. The rows stay: epochs must only ever grow.
   */
  async release(): Promise<void> {
    await this.expire(this.nodeId);
  }

  /**
   * Ends the lease of `nodeId`, seen dead (its Redis connection gone): its matches may be
   * taken now rather than when its lease runs out. A node that was not dead after all renews
   * its lease, keeps the matches not taken meanwhile and finds out about the others.
   */
  async expire(nodeId: string): Promise<void> {
    await this.lookupPool.query(
      `UPDATE "NodeLease" SET "expiresAt" = now() WHERE "nodeId" = $1 AND "expiresAt" > now()`,
      [nodeId],
    );
  }

  /** The nodes whose lease is alive, this one among them once it renewed. */
  async liveNodes(): Promise<string[]> {
    const { rows } = await this.lookupPool.query<{ nodeId: string }>(
      `SELECT "nodeId" FROM "NodeLease" WHERE "expiresAt" > now()`,
    );
    return rows.map((row) => row.nodeId);
  }

  /**
   * The unfinished matches of nodes whose lease expired: each one may be taken by the live
   * node chosen for it (`choose`), and by any node once it waited CHOSEN_FIRST_MS for that one.
   */
  async orphans(): Promise<Orphan[]> {
    const { rows } = await this.lookupPool.query<Orphan>(
      `SELECT l."matchId", n."expiresAt" IS NULL
          OR n."expiresAt" <= now() - $1 * interval '1 millisecond' AS "open"
       FROM "MatchLease" l
       JOIN "Match" m ON m."id" = l."matchId"
       LEFT JOIN "NodeLease" n ON n."nodeId" = l."nodeId"
       WHERE m."status" IN ('WAITING', 'PLAYING')
         AND (n."expiresAt" IS NULL OR n."expiresAt" <= now())`,
      [CHOSEN_FIRST_MS],
    );
    return rows;
  }

  /**
   * The owner of a match as its lease says: its node, and whether that node's lease is alive
   * (null: no such match).
   */
  async ownerOf(
    matchId: string,
  ): Promise<{ status: string; nodeId: string | null; live: boolean } | null> {
    const {
      rows: [row],
    } = await this.lookupPool.query<{
      status: string;
      nodeId: string | null;
      live: boolean | null;
    }>(
      `SELECT m."status", l."nodeId", n."expiresAt" > now() AS "live"
       FROM "Match" m
       LEFT JOIN "MatchLease" l ON l."matchId" = m."id"
       LEFT JOIN "NodeLease" n ON n."nodeId" = l."nodeId"
       WHERE m."id" = $1`,
      [matchId],
    );
    return row ? { ...row, live: row.live === true } : null;
  }
}

/**
 * The live node chosen to take `matchId` (rendezvous hashing): every node that knows the same
 * live nodes chooses the same one, so the matches of a node that died spread over the others
 * without two of them reaching for one match.
 */
export function choose(matchId: string, nodes: string[]): string | undefined {
  let best: { node: string; score: number } | undefined;
  for (const node of nodes) {
    const score = hash32(`${matchId}\u0000${node}`);
    if (!best || score > best.score || (score === best.score && node < best.node))
      best = { node, score };
  }
  return best?.node;
}

/**
 * A 32-bit FNV-1a hash with murmur3's final mix (names differing in their last letters alone
 * would otherwise score alike): quick, and the same on every node.
 */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
