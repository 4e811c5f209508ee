import pg from "pg";
import { databaseUrlOf, type Db } from "../db/client";

/** One accepted command (or timer firing, `{ do: "advance" }`) of a match, in log order. */
export type LogEntry = {
  matchId: string;
  seq: number;
  virtualMs: number;
  wallTime: Date;
  seat: number | null;
  command: { do: string } & Record<string, unknown>;
};

type Waiting = { entry: LogEntry; done: (error?: unknown) => void };

/** INSERTs in flight at once: enough to keep latency low when idle, few enough to batch. */
const WRITERS = 4;

/**
 * One INSERT of a whole batch, as columns unnested, prepared once per connection (`name`): its
 * text never changes with the batch size.
 */
const APPEND = {
  name: "match-event-append",
  text: `INSERT INTO "MatchEvent" ("matchId", "seq", "virtualMs", "wallTime", "seat", "command")
    SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::timestamp[], $5::int[], $6::jsonb[])`,
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

  constructor(private readonly db: Db) {}

  append(entry: LogEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ entry, done: (error) => (error ? reject(error) : resolve()) });
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
        await this.insert(batch.map(({ entry }) => entry));
        for (const waiting of batch) waiting.done();
      } catch (error) {
        for (const waiting of batch) waiting.done(error);
      }
    }
    if (--this.writers === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  private async insert(entries: LogEntry[]) {
    if (!this.pool) {
      this.pool = new pg.Pool({ connectionString: databaseUrlOf(this.db), max: WRITERS });
      // An idle connection dropped (the database restarted) fails no append: the next opens anew.
      this.pool.on("error", () => undefined);
    }
    await this.pool.query({
      ...APPEND,
      values: [
        entries.map((e) => e.matchId),
        entries.map((e) => e.seq),
        entries.map((e) => e.virtualMs),
        entries.map((e) => e.wallTime.toISOString()),
        entries.map((e) => e.seat),
        entries.map((e) => JSON.stringify(e.command)),
      ],
    });
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
