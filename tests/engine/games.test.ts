import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import type { Command } from "@/engine/commands";
import {
  applyGame,
  advanceGame,
  gameViewFor,
  type GameState,
  newGame,
  nextGameDeadline,
  PAUSE_MS,
} from "@/engine/game";
import { A, B, C } from "./helpers";

function game(kind: "single" | "long", totals?: number[]): GameState {
  const created = newGame({
    kind,
    now: 0,
    seed: 3,
    totals,
    setup: {
      removed: [],
      stocks: [[], [], []],
      hands: [cards("2H"), cards("3S 4S"), cards("5D 6D 7D")],
    },
  });
  if (!created.ok) throw new Error(created.error);
  return created.game;
}

function act(g: GameState, seat: number, command: Command, at: number): GameState {
  const result = applyGame(g, seat, command, at * 1000);
  if (!result.ok) throw new Error(result.rejection.reason);
  return result.game;
}

/** Ends the first hand at 2 s: B and C press Leave, A survives. */
const afterFirstHand = (g: GameState) => act(act(g, B, { do: "leave" }, 1), C, { do: "leave" }, 2);

describe("§13 games", () => {
  it("§13 a single game is one hand: the points are awarded and it ends there", () => {
    const { game: over, events } = advanceGame(game("single"), 120_000);
    expect(over.phase).toBe("over");
    expect(over.result).toEqual({ reason: "hand", winner: A, draw: null });
    expect(over.totals).toEqual([55, 0, 0]);
    expect(events.at(-1)).toMatchObject({ type: "gameOver", winner: A });
    expect(nextGameDeadline(over)).toBeNull();
  });

  it("§13 between hands of a long game a pause of at most one minute; the next hand is a fresh deal", () => {
    const paused = afterFirstHand(game("long"));
    expect(paused.phase).toBe("pause");
    expect(nextGameDeadline(paused)).toBe(2000 + PAUSE_MS);
    const { game: next, events } = advanceGame(paused, 62_000);
    expect(next.number).toBe(2);
    expect(next.hand.players.map((p) => [p.status, p.stock.length])).toEqual([
      ["playing", 34],
      ["playing", 34],
      ["playing", 34],
    ]);
    expect(events.map((e) => e.type)).toEqual(["handStarted"]);
    // One stream of event ids for the whole match.
    expect(events[0]!.id).toBe(paused.hand.nextEventId);
  });

  it("§13 the pause ends sooner when all three say they are ready", () => {
    let g = afterFirstHand(game("long"));
    g = act(g, A, { do: "ready" }, 3);
    g = act(g, B, { do: "ready" }, 4);
    expect(g.pause!.ready).toEqual([true, true, false]);
    g = act(g, C, { do: "ready" }, 5);
    expect(g.phase).toBe("hand");
    expect(g.hand.now).toBe(5000);
  });

  it("§13 ready is only for the pause, and a game that is over takes no more commands but presence", () => {
    const g = game("long");
    const early = applyGame(g, A, { do: "ready" }, 1000);
    expect(early.ok || early.rejection.code).toBe("not-between-hands");
    const over = advanceGame(game("single"), 120_000).game;
    const late = applyGame(over, A, { do: "draw" }, 121_000);
    expect(late.ok || late.rejection.code).toBe("hand-over");
    expect(applyGame(over, A, { do: "disconnect" }, 121_000).ok).toBe(true);
  });

  it("§13 the game state is plain JSON, and applying a command never changes the state given", () => {
    const first = game("long");
    const dealt = JSON.stringify(first);
    const g = afterFirstHand(first);
    expect(JSON.stringify(first)).toBe(dealt);
    const before = JSON.stringify(g);
    act(g, A, { do: "leave" }, 3);
    act(g, B, { do: "ready" }, 3);
    advanceGame(g, 200_000);
    expect(JSON.stringify(g)).toBe(before);
    expect(JSON.parse(before)).toEqual(g);
  });

  it("§13 a seat's view of the game hides the other seats' hands like the hand's view", () => {
    const view = gameViewFor(game("long", [10, 20, 30]), B);
    expect(view.hand.you!.hand).toEqual(cards("3S 4S"));
    expect(JSON.stringify(view)).not.toContain(`"hand":[${cards("2H")[0]}]`);
    expect(view.totals).toEqual([10, 20, 30]);
    expect(gameViewFor(game("long"), null).hand.you).toBeNull();
  });
});
