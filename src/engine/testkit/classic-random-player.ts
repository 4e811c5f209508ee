// A random classic player from its seat's view only (for `npm run simulate` and
// property tests): it plays one of the plays it finds — a hand card added to a
// combination, or new combinations from the hand — at random, now and then tries
// a careless move that fails, and otherwise draws (or passes).

import { mulberry32, type Random } from "../rng";
import type { ClassicCommand } from "../classic/commands";
import { applyClassic } from "../classic/engine";
import { type ClassicOptions, has } from "../classic/options";
import { afterPlay, openingFrom, playsOn } from "../classic/plays";
import { newClassicGame } from "../classic/setup";
import type { RoundOutcome } from "../classic/state";
import { type ClassicView, classicViewFor } from "../classic/views";

/** How often a random player tries a careless move, to exercise failed moves. */
const CARELESS = 0.03;

/** A random legal-looking command for the seat whose view this is, or null when it has nothing to do. */
export function randomClassicCommand(view: ClassicView, random: Random): ClassicCommand | null {
  if (!view.you) return null;
  if (view.phase === "between") return view.pause?.ready[view.you.seat] ? null : { do: "ready" };
  if (view.turn !== view.you.seat) return null;
  const options = view.options;
  const hand = view.you.hand;
  const table = view.table.map((c) => c.cards);
  const opening = has(options, "thirty-six") && !view.seats[view.you.seat]!.opened;
  const noPlay: ClassicCommand =
    view.drewFirst || view.stockCount === 0 ? { do: "pass" } : { do: "draw" };
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  if (random() < CARELESS && hand.length > 0) {
    const card = pick(hand);
    const target = table.length > 0 && random() < 0.7 ? Math.floor(random() * table.length) : -1;
    return {
      do: "turn",
      table:
        target < 0 ? [...table, [card]] : table.map((c, i) => (i === target ? [...c, card] : c)),
    };
  }
  if (opening) {
    const laid = openingFrom(hand, options);
    return laid ? { do: "turn", table: [...table, ...laid] } : noPlay;
  }
  // Plays found one after another, each picked at random, until none is left.
  let left = [...hand];
  let faceUp = [...view.faceUp];
  let current = table;
  for (;;) {
    const plays = playsOn(current, left, faceUp, options);
    if (plays.length === 0) break;
    const chosen = pick(plays);
    current = afterPlay(current, chosen);
    left = left.filter((c) => !chosen.used.includes(c));
    faceUp = faceUp.filter((c) => !chosen.used.includes(c));
  }
  return left.length < hand.length ? { do: "turn", table: current } : noPlay;
}

export interface RandomRound {
  outcome: RoundOutcome | null;
  turns: number;
  failed: number;
}

/** One whole round with random players, each from its own view, one second a turn. */
export function playRandomClassicRound(input: {
  seed: number;
  players: number;
  options?: Partial<ClassicOptions>;
  maxTurns?: number;
}): RandomRound {
  const created = newClassicGame({
    players: input.players,
    seed: input.seed,
    now: 0,
    options: { ...input.options, target: null },
  });
  if (!created.ok) throw new Error(created.error);
  let state = created.state;
  const random = mulberry32(input.seed ^ 0x5eed);
  let turns = 0;
  let failed = 0;
  while (state.phase === "turn" && turns < (input.maxTurns ?? 5000)) {
    const command = randomClassicCommand(classicViewFor(state, state.turn), random)!;
    const result = applyClassic(state, state.turn, command, state.now + 1000);
    if (!result.ok) throw new Error(`${JSON.stringify(command)}: ${result.rejection.reason}`);
    state = result.state;
    turns++;
    failed += result.events.filter((e) => e.type === "failed").length;
  }
  return { outcome: state.rounds[0] ?? null, turns, failed };
}
