import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import type { Command } from "@/engine/commands";
import { applyGame, advanceGame, newGame, PAUSE_MS, type GameState } from "@/engine/game";

// A first hand where seat 0 goes out at once, adding 7C to the run on the table: 50 points,
// + 4 cards left in the others' hands, + 10 for an empty stock = 64 (§12).
const firstHand = {
  removed: [],
  stocks: [[], [], []],
  hands: [cards("7C"), cards("KS QS JD"), cards("5H")],
  table: [cards("4C 5C 6C")],
  achieved: [{ drawn: true, laidMeld: true }],
};
const GOES_OUT: Command = { do: "add", card: cards("7C")[0]!, meld: 1 };

function longGame(totals: number[]): GameState {
  const created = newGame({ kind: "long", seed: 7, now: 0, setup: firstHand, totals });
  if (!created.ok) throw new Error(created.error);
  return created.game;
}

function act(game: GameState, seat: number, command: Command, at: number): GameState {
  const applied = applyGame(game, seat, command, at);
  if (!applied.ok) throw new Error(applied.rejection.reason);
  return applied.game;
}

describe("§13 long games to 150", () => {
  it("§13 points add up hand after hand, with a pause between them, until someone reaches 150 alone", () => {
    let game = act(longGame([80, 0, 0]), 0, GOES_OUT, 1000);
    expect(game.phase).toBe("pause");
    expect(game.totals).toEqual([144, 0, 0]);
    for (const seat of [0, 1, 2]) game = act(game, seat, { do: "ready" }, 2000);
    expect(game).toMatchObject({ phase: "hand", number: 2 });
    // Hand 2, dealt from the seed: two leave, the survivor wins 50 − 34 (a full stock) = 16.
    game = act(game, 1, { do: "leave" }, 3000);
    game = act(game, 2, { do: "leave" }, 3000);
    expect(game.hands.map((one) => one.outcome.scores)).toEqual([
      [64, 0, 0],
      [16, -15, -15],
    ]);
    expect(game.totals).toEqual([160, -15, -15]);
    expect(game).toMatchObject({ phase: "over", result: { reason: "target", winner: 0 } });
  });

  it("§13 two players level at the top beyond 150 is a LONG DRAW: no winner, no extra hand", () => {
    const game = act(longGame([100, 164, 0]), 0, GOES_OUT, 1000);
    expect(game.totals).toEqual([164, 164, 0]);
    expect(game).toMatchObject({
      phase: "over",
      result: { reason: "long draw", winner: null, draw: [0, 1] },
    });
  });

  it("§13 the pause ends after a minute even if not everyone is ready", () => {
    let game = act(longGame([0, 0, 0]), 0, GOES_OUT, 1000);
    game = act(game, 0, { do: "ready" }, 2000);
    expect(game.phase).toBe("pause");
    game = advanceGame(game, 1000 + PAUSE_MS).game;
    expect(game).toMatchObject({ phase: "hand", number: 2 });
  });

  it("§13 leaving the game during the pause ends it: the leader among those who stay wins", () => {
    let game = act(longGame([0, 10, 0]), 0, GOES_OUT, 1000);
    game = act(game, 0, { do: "leave" }, 2000);
    expect(game.totals).toEqual([64, 10, 0]);
    expect(game).toMatchObject({ phase: "over", result: { reason: "left", winner: 1 } });
  });

  it("§11.6 whoever left a hand and is still away when the pause ends is out of the game, which ends", () => {
    let game = act(longGame([0, 0, 0]), 2, { do: "disconnect" }, 0);
    game = advanceGame(game, 90_000).game;
    expect(game.hand.players[2]!.status).toBe("left");
    game = act(game, 0, GOES_OUT, 100_000);
    expect(game.totals).toEqual([64, 0, -15]);
    game = advanceGame(game, 100_000 + PAUSE_MS).game;
    expect(game.leftGame).toEqual([false, false, true]);
    expect(game).toMatchObject({ phase: "over", result: { reason: "left", winner: 0 } });
  });
});
