// A bot seat for the live tests and `npm run bench:live`: it keeps its seat's view up to date
// from the seat stream (a whole view, then patches) and picks a random legal action from it
// with the engine's own helper, as a player would from what they see.

import { randomAction } from "@/engine/testkit";
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
