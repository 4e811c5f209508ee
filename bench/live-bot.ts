// Bot seats for the live tests and `npm run bench:live`: each keeps its seat's view up to date
// from the seat stream (a whole view, then patches) and picks a random legal action from it
// with the engine's own helper, as a player would from what they see. Machiavelox's and
// classic's.

import { randomAction, randomClassicCommand } from "@/engine/testkit";
import type { ClassicView } from "@/engine/classic";
import { type Command, type CardId } from "@/engine";
import type { GameView } from "@/server/matches/engine";
import { type StreamMessage, viewAfter } from "@/protocol/stream";
import { machiaveloxView } from "@/components/table/game-view";

export class BotSeat {
  view: GameView | null = null;
  /** The match has ended. */
  over = false;
  /** The last event id this seat received. */
  lastEventId = 0;

  constructor(
    readonly seat: number,
    private readonly random: () => number,
  ) {}

  receive(id: string, message: StreamMessage): void {
    this.lastEventId = Number(id);
    const view = viewAfter(this.view, message);
    this.view = view && machiaveloxView(view);
    if (message.type !== "events") this.over = message.match.status === "ENDED";
  }

  /** A random legal action from the seat's view, or null when it has nothing to do. */
  next(): Command | null {
    return this.view && randomAction(this.view.hand, this.random);
  }

  get hand(): CardId[] {
    return this.view?.hand.you?.hand ?? [];
  }

  get staging(): CardId[] {
    return this.view?.hand.you?.staging ?? [];
  }

  /** Who shows up, as this seat sees it (§11). */
  get present(): boolean[] {
    return this.view?.hand.seats.map((seat) => seat.present) ?? [];
  }
}

/** What a bench seat sends: a tRPC mutation's path and input. */
export type SeatAction = { path: string; input: Record<string, unknown> };

/** A seat the live bench plays: either game's bot. */
export interface SeatBot {
  /** The match has ended (or the bench stopped the table). */
  over: boolean;
  readonly lastEventId: number;
  receive(id: string, message: StreamMessage): void;
  /** The seat's next action at `matchId`, or null when it has nothing to do now. */
  action(matchId: string): SeatAction | null;
}

/** A Machiavelox seat as the bench plays it: its random action through its own procedure. */
export function machiaveloxSeat(bot: BotSeat): SeatBot {
  return {
    get over() {
      return bot.over;
    },
    set over(over: boolean) {
      bot.over = over;
    },
    get lastEventId() {
      return bot.lastEventId;
    },
    receive: (id, message) => bot.receive(id, message),
    action(matchId) {
      const command = bot.next();
      if (!command) return null;
      const { do: name, ...fields } = command;
      return { path: `match.${name}`, input: { matchId, seat: bot.seat, ...fields } };
    },
  };
}

/**
 * A classic seat for `npm run bench:live -- --game classic`: on its turn a random play from
 * its own view (the engine's random classic player: plays, careless failed moves, draws),
 * between rounds ready.
 */
export class ClassicBotSeat implements SeatBot {
  view: ClassicView | null = null;
  over = false;
  lastEventId = 0;

  constructor(
    readonly seat: number,
    private readonly random: () => number,
  ) {}

  receive(id: string, message: StreamMessage): void {
    this.lastEventId = Number(id);
    this.view = viewAfter(this.view, message) as ClassicView | null;
    if (message.type !== "events") this.over = message.match.status === "ENDED";
  }

  action(matchId: string): SeatAction | null {
    const command = this.view && randomClassicCommand(this.view, this.random);
    return command && { path: "match.classic", input: { matchId, seat: this.seat, command } };
  }
}
