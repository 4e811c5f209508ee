import type { Db } from "../db/client";
import type { Prisma } from "@/generated/prisma/client";

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

/**
 * Appends to the matches' event logs with group commit: while one INSERT is in flight, the
 * entries arriving meanwhile wait and then go together in the next one. Under load a thousand
 * matches cost a handful of INSERTs per second instead of one round trip per command, and
 * each caller still learns only once its own entry is stored.
 */
export class EventLog {
  private queued: Waiting[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  append(entry: LogEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ entry, done: (error) => (error ? reject(error) : resolve()) });
      this.writing ??= this.drain();
    });
  }

  /** Resolves once everything appended so far is stored (or refused). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    while (this.queued.length > 0) {
      const batch = this.queued;
      this.queued = [];
      try {
        await this.db.matchEvent.createMany({
          data: batch.map(({ entry }) => ({
            ...entry,
            command: entry.command as Prisma.InputJsonObject,
          })),
        });
        for (const waiting of batch) waiting.done();
      } catch (error) {
        for (const waiting of batch) waiting.done(error);
      }
    }
    this.writing = null;
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
