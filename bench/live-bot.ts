// Bot seats for the live tests and `npm run bench:live`: each keeps its seat's view up to date
// from the seat stream (a whole view, then patches) and picks a random legal action from it
// with the engine's own helper, as a player would from what they see. Machiavelox's and
// classic's.

import { randomAction, randomClassicCommand } from "@/engine/testkit";
import type { ClassicView } from "@/engine/classic";
import { type Command, type CardId } from "@/engine";
import type { GameView } from "@/server/matches/engine";
import { type MatchView, type StreamMessage, viewAfter } from "@/protocol/stream";
import { machiaveloxView } from "@/components/table/game-view";

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

/** Either game's bot seat: the view kept from the stream; the games differ in what they do with it. */
abstract class StreamSeat<View extends MatchView> implements SeatBot {
  view: View | null = null;
  /** The match has ended. */
  over = false;
  /** The last event id this seat received. */
  lastEventId = 0;

  constructor(
    readonly seat: number,
    protected readonly random: () => number,
  ) {}

  receive(id: string, message: StreamMessage): void {
    this.lastEventId = Number(id);
    const view = viewAfter(this.view, message);
    this.view = view && this.ownView(view);
    if (message.type !== "events") this.over = message.match.status === "ENDED";
  }

  /** The stream's view as this game's. */
  protected abstract ownView(view: MatchView): View;

  abstract action(matchId: string): SeatAction | null;
}

/** A Machiavelox seat: its random action through its own procedure. */
export class BotSeat extends StreamSeat<GameView> {
  protected ownView(view: MatchView): GameView {
    return machiaveloxView(view);
  }

  /** A random legal action from the seat's view, or null when it has nothing to do. */
  next(): Command | null {
    return this.view && randomAction(this.view.hand, this.random);
  }

  action(matchId: string): SeatAction | null {
    const command = this.next();
    if (!command) return null;
    const { do: name, ...fields } = command;
    return { path: `match.${name}`, input: { matchId, seat: this.seat, ...fields } };
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

/**
 * A classic seat for `npm run bench:live -- --game classic`: on its turn a random play from
 * its own view (the engine's random classic player: plays, careless failed moves, draws),
 * between rounds ready.
 */
export class ClassicBotSeat extends StreamSeat<ClassicView> {
  protected ownView(view: MatchView): ClassicView {
    return view as ClassicView;
  }

  action(matchId: string): SeatAction | null {
    const command = this.view && randomClassicCommand(this.view, this.random);
    return command && { path: "match.classic", input: { matchId, seat: this.seat, command } };
  }
}
