// Who plays each seat of a classic game (docs/rules-decisions.md, "Classic at the live table"):
// its player, or a bot — the seat's own bot, or in friendly and practice games a medium bot
// standing in for a player who missed two turns in a row and is still away, or who left.
// Ranked games never get a bot. Everything here is rebuilt from the log (the engine's events
// and the entries' authors), so a restart finds the same seats played the same way.

import { decideClassicBot, NEW_CLASSIC_MEMORY, type ClassicBotMemory } from "@/bots/classic/policy";
import { isBotLevel, type BotLevel } from "@/bots/policy";
import type {
  ClassicCommand,
  ClassicEvent,
  ClassicRejection,
  ClassicState,
} from "@/engine/classic";
import { classicViewFor } from "@/engine/classic";

/** Turns missed in a row (timed out, the player away) after which a bot stands in. */
export const MISSED_TURNS_FOR_BOT = 2;
/** The bot standing in for an absent player. */
export const STAND_IN_LEVEL: BotLevel = "medium";

/** A log entry a bot made for a seat: the command inside is the engine's. */
export type BotEntry = { do: "bot"; command: ClassicCommand };
/** A log entry saying the seat's player left the game: a bot plays the seat from now on. */
export type LeaveEntry = { do: "leave" };

export class ClassicSeats {
  private readonly missed: number[];
  private readonly left: boolean[];
  private readonly memory: ClassicBotMemory[];
  private readonly refused: (ClassicRejection | null)[];

  constructor(
    seats: number,
    /** The level of the bot holding the seat as its own (MatchSeat.bot), or null: a player's. */
    private readonly ownBot: (seat: number) => string | null,
    /** Ranked games: no bot ever plays for anyone. */
    private readonly ranked: boolean,
  ) {
    this.missed = Array<number>(seats).fill(0);
    this.left = Array<boolean>(seats).fill(false);
    this.memory = Array.from({ length: seats }, () => NEW_CLASSIC_MEMORY);
    this.refused = Array<ClassicRejection | null>(seats).fill(null);
  }

  /** What one logged change says about the seats: who acted themselves, whose turn timed out. */
  record(seat: number | null, command: { do: string }, events: readonly ClassicEvent[]): void {
    if (seat !== null && command.do === "leave") this.left[seat] = true;
    // A player's own command on their turn shows them back at the table.
    else if (seat !== null && command.do !== "bot" && command.do !== "ready") this.missed[seat] = 0;
    for (const event of events) {
      if (event.type === "timeUp") this.missed[event.seat]!++;
      // Each turn a bot plays starts from a clean slate.
      if (event.type === "turnStarted") {
        this.memory[event.seat] = NEW_CLASSIC_MEMORY;
        this.refused[event.seat] = null;
      }
    }
  }

  /** Whether a bot has something to do now: the turn is a bot's, or a bot has not said ready. */
  wants(state: ClassicState, present: (seat: number) => boolean): boolean {
    if (state.phase === "turn") return this.botFor(state.turn, present(state.turn)) !== null;
    if (state.phase !== "between") return false;
    return state.pause!.ready.some(
      (ready, seat) => !ready && this.botFor(seat, present(seat)) !== null,
    );
  }

  /** The level of the bot playing `seat` now, or null when its player does. */
  botFor(seat: number, present: boolean): BotLevel | null {
    const own = this.ownBot(seat);
    if (own) return isBotLevel(own) ? own : STAND_IN_LEVEL;
    if (this.ranked) return null;
    if (this.left[seat]) return STAND_IN_LEVEL;
    return !present && this.missed[seat]! >= MISSED_TURNS_FOR_BOT ? STAND_IN_LEVEL : null;
  }

  hasLeft(seat: number): boolean {
    return this.left[seat]!;
  }

  /**
   * The next command a bot sends for one of the seats it plays, from that seat's own view
   * only (never the state: no peeking), or null when no bot has anything to do.
   */
  next(
    state: ClassicState,
    present: (seat: number) => boolean,
  ): { seat: number; command: ClassicCommand } | null {
    const seats =
      state.phase === "turn"
        ? [state.turn]
        : state.phase === "between"
          ? state.hands.map((_, seat) => seat)
          : [];
    for (const seat of seats) {
      const level = this.botFor(seat, present(seat));
      if (!level) continue;
      const decision = decideClassicBot(level, {
        view: classicViewFor(state, seat),
        memory: this.memory[seat]!,
        refused: this.refused[seat]!,
      });
      this.memory[seat] = decision.memory;
      this.refused[seat] = null;
      if (decision.command) return { seat, command: decision.command };
    }
    return null;
  }

  /** The engine refused a bot's command: its next decision hears why. */
  refuse(seat: number, rejection: ClassicRejection): void {
    this.refused[seat] = rejection;
  }
}
