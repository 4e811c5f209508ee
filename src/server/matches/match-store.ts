import type { Db } from "../db/client";
import type { Prisma } from "@/generated/prisma/client";
import type { FinishedHand, MatchOutcome } from "./engine";
import type { EventLog, LogEntry } from "./event-log";

/** A game's end as it is stored: `endedAt` fixed when the log says so, so retries write the same. */
export type Ending = { endedAt: Date; result: MatchOutcome };

/** Who a seat is stored for: a player, or a bot of a level (MatchSeat.bot). */
export type SeatRow = { userId: string } | { bot: string };

/**
 * Everything one match keeps in storage, as its actor (live-match.ts) writes it: the log of
 * accepted changes and the rows that say where the match stands. The actor never reaches the
 * database otherwise, so it runs as well on an in-memory store (tests) as on PostgreSQL.
 */
export interface MatchStore {
  /** The match's whole log, oldest first, for rebuilding it. */
  entries(): Promise<LogEntry[]>;
  /**
   * One accepted change, stored before anyone hears of it; refused with `StaleAppend` when
   * the match has another owner now.
   */
  append(entry: LogEntry): Promise<void>;
  /** A seat taken, stored before the seat is. */
  takeSeat(seat: number, row: SeatRow): Promise<void>;
  /** The hand dealt from `seed`. */
  startHand(seed: number, startedAt: Date): Promise<void>;
  /** Each finished hand's scores (§12); writing one stored already changes nothing. */
  recordHands(hands: FinishedHand[]): Promise<void>;
  /** The match's end, with its result and each seat's total; idempotent too. */
  end(ending: Ending): Promise<void>;
  /** A moderator ended the match where it stood: no result, the reason recorded. */
  terminate(endedAt: Date, reason: string): Promise<void>;
  /** A table nobody started: nothing of it is kept. */
  remove(): Promise<void>;
}

/** A match's storage on the site's database: its rows through Prisma, its log through the event log. */
export class PrismaMatchStore implements MatchStore {
  constructor(
    private readonly db: Db,
    private readonly log: EventLog,
    private readonly matchId: string,
    /** This node's lease on the match: the log refuses appends under any other. */
    private readonly epoch: number,
  ) {}

  entries(): Promise<LogEntry[]> {
    return this.log.read(this.matchId);
  }

  append(entry: LogEntry): Promise<void> {
    return this.log.append(entry, this.epoch);
  }

  async takeSeat(seat: number, row: SeatRow): Promise<void> {
    await this.db.matchSeat.create({ data: { matchId: this.matchId, seat, ...row } });
  }

  async startHand(seed: number, startedAt: Date): Promise<void> {
    await this.db.match.update({
      where: { id: this.matchId },
      data: { status: "PLAYING", seed, startedAt },
    });
  }

  async recordHands(hands: FinishedHand[]): Promise<void> {
    if (hands.length === 0) return;
    await this.db.handResult.createMany({
      data: hands.map(({ number, outcome }) => ({
        matchId: this.matchId,
        number,
        scores: outcome.scores,
        winner: outcome.winner,
        reason: outcome.reason,
        endedAt: new Date(),
      })),
      skipDuplicates: true,
    });
  }

  async end({ endedAt, result }: Ending): Promise<void> {
    const { db } = this;
    await db.$transaction([
      db.match.update({
        where: { id: this.matchId },
        // The engine's state is plain JSON-safe data by design.
        data: { status: "ENDED", endedAt, result: result as unknown as Prisma.InputJsonObject },
      }),
      ...result.totals.map((points, seat) =>
        db.matchSeat.updateMany({
          where: { matchId: this.matchId, seat },
          data: { points, won: result.winner === seat },
        }),
      ),
    ]);
  }

  async terminate(endedAt: Date, reason: string): Promise<void> {
    await this.db.match.update({
      where: { id: this.matchId },
      data: { status: "ENDED", endedAt, endedReason: reason },
    });
  }

  async remove(): Promise<void> {
    await this.db.match.delete({ where: { id: this.matchId } });
  }
}
