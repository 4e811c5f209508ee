import type { Db } from "../db/client";

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
 * Appends to the matches' event logs with group commit: while INSERTs are in flight, the
 * entries arriving meanwhile wait and then go together in the next one. Under load a thousand
 * matches cost a handful of INSERTs per second instead of one round trip per command, and
 * each caller still learns only once its own entry is stored. Entries of one match never
 * race: its actor waits for each append before the next change.
 */
export class EventLog {
  private queued: Waiting[] = [];
  private writers = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly db: Db) {}

  append(entry: LogEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ entry, done: (error) => (error ? reject(error) : resolve()) });
      if (this.writers < WRITERS) void this.write();
    });
  }

  /** Resolves once everything appended so far is stored (or refused). */
  async flush(): Promise<void> {
    while (this.writers > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  private async write(): Promise<void> {
    this.writers++;
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

  /**
   * One INSERT of a whole batch, as columns unnested: the statement's text never changes, so
   * Prisma does not compile a query per batch size (it showed in the profile).
   */
  private async insert(entries: LogEntry[]) {
    await this.db.$executeRaw`
      INSERT INTO "MatchEvent" ("matchId", "seq", "virtualMs", "wallTime", "seat", "command")
      SELECT * FROM unnest(
        ${entries.map((e) => e.matchId)}::text[],
        ${entries.map((e) => e.seq)}::int[],
        ${entries.map((e) => e.virtualMs)}::int[],
        ${entries.map((e) => e.wallTime.toISOString())}::timestamp[],
        ${entries.map((e) => e.seat)}::int[],
        ${entries.map((e) => JSON.stringify(e.command))}::jsonb[]
      )`;
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
