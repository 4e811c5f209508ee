import { performance } from "node:perf_hooks";
import pg from "pg";
import { databaseUrlOf, type Db } from "../db/client";
import { StaleAppend } from "./errors";

/** One accepted command (or timer firing, `{ do: "advance" }`) of a match, in log order. */
export type LogEntry = {
  matchId: string;
  seq: number;
  virtualMs: number;
  wallTime: Date;
  seat: number | null;
  command: { do: string } & Record<string, unknown>;
  /** The relayed request that made it (MatchEvent.ref), if any. */
  ref?: string | null;
};

/** `epoch`: the lease under which the match's owner appends (leases.ts). */
type Waiting = { entry: LogEntry; epoch: number; done: (error?: unknown) => void };

/** INSERTs in flight at once: enough to keep latency low when idle, few enough to batch. */
const WRITERS = 4;
/**
 * A connection the database does not accept within this long fails (pg waits forever by
 * default). No timeout bounds a query itself: an INSERT sent may still commit, so its answer is
 * awaited rather than guessed; `stalled` tells the registry to refuse new work meanwhile.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * One INSERT of a whole batch, as columns unnested, prepared once per connection (`name`): its
 * text never changes with the batch size.
 *
 * It is fenced: an entry goes in only under its match's current lease epoch and as the next
 * sequence number of its log, both checked in this one statement, so an owner that lost its
 * match can never write, even once. `FOR KEY SHARE` holds the lease row until the INSERT
 * commits: a takeover (which locks the row FOR UPDATE first, leases.ts) waits for it, and then
 * reads a log that holds the entry; an append behind a takeover is checked again against the
 * new epoch and left out. The entries left out are not returned; conflicts on the key leave
 * them out too rather than fail the other matches' entries of the batch.
 */
const APPEND = {
  name: "match-event-append-fenced-ref",
  text: `WITH fenced AS (
      SELECT e.* FROM unnest($1::text[], $2::int[], $3::int[], $4::timestamp[], $5::int[],
                             $6::jsonb[], $7::int[], $8::text[])
        AS e("matchId", "seq", "virtualMs", "wallTime", "seat", "command", "epoch", "ref")
      JOIN "MatchLease" l ON l."matchId" = e."matchId" AND l."epoch" = e."epoch"
      WHERE e."seq" = 1 + COALESCE(
        (SELECT max(m."seq") FROM "MatchEvent" m WHERE m."matchId" = e."matchId"), 0)
      FOR KEY SHARE OF l
    )
    INSERT INTO "MatchEvent" ("matchId", "seq", "virtualMs", "wallTime", "seat", "command", "ref")
    SELECT "matchId", "seq", "virtualMs", "wallTime", "seat", "command", "ref" FROM fenced
    ON CONFLICT DO NOTHING
    RETURNING "matchId", "seq"`,
};

/**
 * Appends to the matches' event logs with group commit: while INSERTs are in flight, the
 * entries arriving meanwhile wait and then go together in the next one. Under load a thousand
 * matches cost a handful of INSERTs per second instead of one round trip per command, and
 * each caller still learns only once its own entry is stored (committed, with the database's
 * own fsync and synchronous_commit). Entries of one match never race: its actor waits for
 * each append before the next change.
 *
 * The INSERTs go through `pg` directly, on a pool of their own: through Prisma the same
 * statement took several ms more per append and more CPU under load (docs/live-server.md,
 * Load), and the log's writers never queue behind the app's other queries.
 */
export class EventLog {
  private queued: Waiting[] = [];
  private writers = 0;
  /** A writer is scheduled and has not taken its batch yet. */
  private starting = false;
  private idle: (() => void)[] = [];
  private pool: pg.Pool | null = null;
  /** Requests to the database awaiting its answer (INSERTs and pings). */
  private inFlight = 0;
  /** When the database last answered, or when a request went out with none other waiting. */
  private answeredAt = performance.now();
  private pinging: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Requests have waited `ms` and more without any answer from the database. */
  stalled(ms: number): boolean {
    return this.inFlight > 0 && performance.now() - this.answeredAt > ms;
  }

  /** Asks the database whether it answers (one question at a time), on the log's own connections. */
  ping(): Promise<void> {
    this.pinging ??= this.request((pool) => pool.query("SELECT 1")).then(
      () => {
        this.pinging = null;
      },
      (error: unknown) => {
        this.pinging = null;
        throw error;
      },
    );
    return this.pinging;
  }

  /** Appends under the owner's lease `epoch`; a stale owner's entry is refused (`StaleAppend`). */
  append(entry: LogEntry, epoch: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ entry, epoch, done: (error) => (error ? reject(error) : resolve()) });
      // A writer starts once the event loop has run this turn's callbacks, so the entries of
      // every action read from the sockets meanwhile go in its one INSERT (under load many
      // a turn) rather than one each in the first writers free.
      if (this.writers < WRITERS && !this.starting) {
        this.starting = true;
        this.writers++;
        setImmediate(() => {
          this.starting = false;
          void this.write();
        });
      }
    });
  }

  /** Resolves once everything appended so far is stored (or refused). */
  async flush(): Promise<void> {
    while (this.writers > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Flushes, then closes the writers' connections. */
  async close(): Promise<void> {
    await this.flush();
    const pool = this.pool;
    this.pool = null;
    await pool?.end();
  }

  /** One writer's loop, counted in `writers` since it was scheduled. */
  private async write(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued;
      this.queued = [];
      try {
        const stored = await this.insert(batch);
        for (const { entry, done } of batch)
          done(stored.has(`${entry.matchId}:${entry.seq}`) ? undefined : new StaleAppend(entry));
      } catch (error) {
        for (const waiting of batch) waiting.done(error);
      }
    }
    if (--this.writers === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** One request on the log's pool, counted until the database answers it (or fails to). */
  private async request<T>(work: (pool: pg.Pool) => Promise<T>): Promise<T> {
    if (!this.pool) {
      this.pool = new pg.Pool({
        connectionString: databaseUrlOf(this.db),
        // One more than the writers, for the registry's ping.
        max: WRITERS + 1,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      // An idle connection dropped (the database restarted) fails no append: the next opens anew.
      this.pool.on("error", () => undefined);
    }
    if (this.inFlight++ === 0) this.answeredAt = performance.now();
    try {
      return await work(this.pool);
    } finally {
      this.inFlight--;
      this.answeredAt = performance.now();
    }
  }

  /** The batch's entries the log took, as `matchId:seq`. */
  private async insert(batch: Waiting[]): Promise<Set<string>> {
    const entries = batch.map(({ entry }) => entry);
    const { rows } = await this.request((pool) =>
      pool.query<{ matchId: string; seq: number }>({
        ...APPEND,
        values: [
          entries.map((e) => e.matchId),
          entries.map((e) => e.seq),
          entries.map((e) => e.virtualMs),
          entries.map((e) => e.wallTime.toISOString()),
          entries.map((e) => e.seat),
          entries.map((e) => JSON.stringify(e.command)),
          batch.map((waiting) => waiting.epoch),
          entries.map((e) => e.ref ?? null),
        ],
      }),
    );
    return new Set(rows.map((row) => `${row.matchId}:${row.seq}`));
  }

  /** A match's whole log, oldest first, for rebuilding it. */
  async read(matchId: string): Promise<LogEntry[]> {
    const rows = await this.db.matchEvent.findMany({
      where: { matchId },
      orderBy: { seq: "asc" },
    });
    return rows.map((row) => ({ ...row, command: row.command as LogEntry["command"] }));
  }
}
