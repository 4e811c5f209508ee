import pg from "pg";
import { databaseUrlOf, type Db } from "../db/client";

/**
 * How long a lease lasts unrenewed: a node that dies (no goodbye) loses its matches this long
 * after its last renewal, so another may take them. Two renewals may fail or lag in a row; a
 * node stalled longer loses its matches (the fence keeps that safe, only slower).
 */
export const LEASE_MS = 3_000;
/** How often a node renews its leases: a few renewals may fail or lag before one expires. */
export const RENEW_MS = 1_000;
/** How often a node looks for matches whose lease expired, to take its share of them. */
export const CLAIM_MS = 500;

/** A match this node owns, under the epoch every append of its log carries. */
export type Lease = { matchId: string; epoch: number };

/**
 * The ownership of live matches (MatchLease, docs/live-server.md, Ownership): one node at a
 * time holds a match, under an epoch raised by one at each taking. The epoch is the fencing
 * token: the event log takes an append only under the match's current epoch
 * (event-log.ts), so an owner that lost its lease (a pause, a partition) can no longer write
 * even while it still believes it owns the match. Expiry only says when a lease may be taken.
 *
 * Every time is the database's own (`now()`), never a node's clock: nodes' clocks may drift,
 * the one database they share decides.
 */
export class Leases {
  constructor(
    private readonly db: Db,
    /** This node (NODE_ID); a process started again under the same id takes its leases back at once. */
    readonly nodeId: string,
    private readonly leaseMs = LEASE_MS,
  ) {}

  private renewals: pg.Pool | undefined;

  /** Closes the renewals' connection (the node stops). */
  async close(): Promise<void> {
    await this.renewals?.end();
    this.renewals = undefined;
  }

  /**
   * Takes each match whose lease is free, expired, or this node's own, under its epoch + 1
   * (1 for a match never owned). Answers the leases taken; a match owned by another live node
   * is not among them.
   *
   * The rows taken are first locked FOR UPDATE (in one order, so two takers never deadlock):
   * the only lock that waits for the appends in flight, which hold theirs FOR KEY SHARE
   * (event-log.ts). A renewal's UPDATE (no key column) never waits for an append, nor an
   * append for it: they used to lock one another's rows, in two orders, and deadlock.
   */
  async acquire(matchIds: string[]): Promise<Lease[]> {
    if (matchIds.length === 0) return [];
    return this.db.$transaction(async (tx) => {
      await tx.$queryRaw`
        SELECT 1 FROM "MatchLease"
        WHERE "matchId" = ANY(${matchIds}::text[])
          AND ("expiresAt" <= now() OR "nodeId" = ${this.nodeId})
        ORDER BY "matchId" FOR UPDATE`;
      return tx.$queryRaw<Lease[]>`
        INSERT INTO "MatchLease" ("matchId", "nodeId", "epoch", "expiresAt")
        SELECT id, ${this.nodeId}, 1, now() + ${this.leaseMs} * interval '1 millisecond'
        FROM unnest(${matchIds}::text[]) AS id
        ON CONFLICT ("matchId") DO UPDATE
          SET "nodeId" = EXCLUDED."nodeId",
              "epoch" = "MatchLease"."epoch" + 1,
              "expiresAt" = EXCLUDED."expiresAt"
          WHERE "MatchLease"."expiresAt" <= now() OR "MatchLease"."nodeId" = EXCLUDED."nodeId"
        RETURNING "matchId", "epoch"`;
    });
  }

  /**
   * Extends this node's leases; answers the ids of those it no longer holds (taken by another
   * node under a later epoch). A lease expired but not taken is renewed: nobody else wrote.
   */
  async renew(leases: Lease[]): Promise<string[]> {
    if (leases.length === 0) return [];
    // On a connection of its own: renewals never queue behind the app's queries (a node whose
    // pool is busy must not lose its matches for it).
    if (!this.renewals) {
      this.renewals = new pg.Pool({ connectionString: databaseUrlOf(this.db), max: 1 });
      // An idle connection dropped (the database restarted) fails no renewal: the next opens anew.
      this.renewals.on("error", () => undefined);
    }
    const { rows: renewed } = await this.renewals.query<{ matchId: string }>(
      `UPDATE "MatchLease" AS l
       SET "expiresAt" = now() + $1 * interval '1 millisecond'
       FROM unnest($2::text[], $3::int[]) AS held("matchId", "epoch")
       WHERE l."matchId" = held."matchId" AND l."epoch" = held."epoch" AND l."nodeId" = $4
       RETURNING l."matchId"`,
      [
        this.leaseMs,
        leases.map((lease) => lease.matchId),
        leases.map((lease) => lease.epoch),
        this.nodeId,
      ],
    );
    const kept = new Set(renewed.map((row) => row.matchId));
    return leases.filter((lease) => !kept.has(lease.matchId)).map((lease) => lease.matchId);
  }

  /**
   * Hands the leases over (a node stopping): they expire now, so another node takes the
   * matches at once. The row stays: its epoch must only ever grow.
   */
  async release(leases: Lease[]): Promise<void> {
    if (leases.length === 0) return;
    await this.db.$executeRaw`
      UPDATE "MatchLease" AS l SET "expiresAt" = now()
      FROM unnest(${leases.map((lease) => lease.matchId)}::text[],
                  ${leases.map((lease) => lease.epoch)}::int[]) AS held("matchId", "epoch")
      WHERE l."matchId" = held."matchId" AND l."epoch" = held."epoch"`;
  }
}
