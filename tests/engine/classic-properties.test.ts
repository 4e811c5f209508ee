// Invariants of the classic engine under random command sequences (fast-check):
// every card in exactly one place, a failed move leaves the table and the other
// hands as they were, a rejection changes nothing, and replaying the log of
// accepted commands and clock advances rebuilds the same state.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyPlain } from "@/engine/draft";
import { mulberry32 } from "@/engine/rng";
import {
  advanceClassic,
  applyClassic,
  type ClassicCommand,
  classicDeck,
  type ClassicState,
  classicViewFor,
  has,
  newClassicGame,
  type Variant,
} from "@/engine/classic";
import { playRandomClassicRound, randomClassicCommand } from "@/engine/testkit";

interface Choice {
  kind: number;
  seat: number;
  a: number;
  b: number;
  dt: number;
}

const choice = fc.record({
  kind: fc.nat(13),
  seat: fc.nat(7),
  a: fc.nat(1000),
  b: fc.nat(1000),
  dt: fc.oneof(fc.constant(0), fc.nat(5000), fc.nat(70_000)),
});

const variants = fc.oneof(
  fc.subarray<Variant>(["thirty-six", "tahiti", "draw-first"]),
  fc.constant<Variant[]>(["guadalupe"]),
  fc.constant<Variant[]>(["guadalupe", "thirty-six"]),
);

const setting = fc.record({
  seed: fc.nat(10_000),
  players: fc.integer({ min: 2, max: 6 }),
  variants,
  turnLimit: fc.constantFrom(null, 30_000),
  target: fc.constantFrom(null, 25),
  choices: fc.array(choice, { minLength: 1, maxLength: 150 }),
});

/** A command from a choice: mostly from the seat whose turn it is, sometimes nonsense. */
function commandFor(state: ClassicState, c: Choice): { seat: number; command: ClassicCommand } {
  const seat = c.a % 6 === 0 ? c.seat % state.hands.length : state.turn;
  const hand = state.hands[seat]!;
  const onTable = state.table.flatMap((t) => t.cards);
  const place = (n: number) => {
    const i = n % (state.table.length + 1);
    return i === state.table.length ? ("new" as const) : state.table[i]!.id;
  };
  const any = (list: number[]) => list[c.a % Math.max(1, list.length)] ?? 0;
  switch (c.kind) {
    case 0:
      return { seat, command: { do: "draw" } };
    case 1:
      return { seat, command: { do: "pass" } };
    case 2:
    case 3:
      return {
        seat,
        command: { do: "put", card: any([...hand, ...state.faceUp]), to: place(c.b) },
      };
    case 4:
    case 5:
      return { seat, command: { do: "move", card: any(onTable), to: place(c.b) } };
    case 6:
      return { seat, command: { do: "takeBack", card: any(onTable) } };
    case 7:
      return { seat, command: { do: "undo" } };
    case 8:
      return { seat, command: { do: "reset" } };
    case 9:
      return { seat, command: { do: "end" } };
    case 10:
      return { seat, command: { do: "ready" } };
    default: {
      const command = randomClassicCommand(
        classicViewFor(state, seat),
        mulberry32(c.a * 1000 + c.b),
      );
      return { seat, command: command ?? { do: "draw" } };
    }
  }
}

function cardsEverywhere(s: ClassicState): number[] {
  return [
    ...s.stock,
    ...s.faceUp,
    ...s.unused,
    ...s.hands.flat(),
    ...s.table.flatMap((c) => c.cards),
  ].sort((a, b) => a - b);
}

type Entry =
  | { kind: "apply"; seat: number; command: ClassicCommand; now: number }
  | { kind: "advance"; now: number };

describe("classic properties", () => {
  let failedMoves = 0;

  it("every card is in exactly one place; a failed move restores the table and leaves the other hands; a rejection changes nothing; the log replays to the same state", () => {
    fc.assert(
      fc.property(setting, (g) => {
        const created = newClassicGame({
          players: g.players,
          seed: g.seed,
          now: 0,
          options: { variants: g.variants, turnLimit: g.turnLimit, target: g.target },
        });
        if (!created.ok) throw new Error(created.error);
        const deck = classicDeck(has(created.state.options, "tahiti"));
        let state = created.state;
        const log: Entry[] = [];
        for (const c of g.choices) {
          const now = state.now + c.dt;
          if (c.kind === 13) {
            state = advanceClassic(state, now).state;
            log.push({ kind: "advance", now });
            expect(cardsEverywhere(state)).toEqual(deck);
            continue;
          }
          // The clock first, so the turn's start is the one the command meets.
          state = advanceClassic(state, now).state;
          log.push({ kind: "advance", now });
          const { seat, command } = commandFor(state, c);
          const before = copyPlain(state);
          const result = applyClassic(state, seat, command, now);
          expect(state).toEqual(before);
          if (!result.ok) continue;
          log.push({ kind: "apply", seat, command, now });
          const after = result.state;
          expect(cardsEverywhere(after)).toEqual(deck);
          const failed = result.events.find((e) => e.type === "failed");
          if (failed && failed.type === "failed") {
            failedMoves++;
            expect(after.table).toEqual(before.work?.start.table ?? before.table);
            after.hands.forEach((hand, s) => {
              if (s === failed.seat) return;
              const first = result.events.flatMap((e) =>
                e.type === "drew" && e.seat === s && e.cause === "first" ? [e.card!] : [],
              );
              if (after.round === before.round)
                expect(hand).toEqual([...before.hands[s]!, ...first]);
            });
          }
          state = after;
        }
        let replayed = created.state;
        for (const entry of log) {
          if (entry.kind === "advance") replayed = advanceClassic(replayed, entry.now).state;
          else {
            const result = applyClassic(replayed, entry.seat, entry.command, entry.now);
            if (!result.ok) throw new Error(result.rejection.reason);
            replayed = result.state;
          }
        }
        expect(replayed).toEqual(state);
      }),
      { numRuns: 80 },
    );
    // The property means something only if the runs reach failed moves.
    expect(failedMoves).toBeGreaterThan(0);
  });

  it("random players finish every round, by going out or blocked, in every variant", () => {
    for (const variants of [
      [],
      ["thirty-six"],
      ["guadalupe"],
      ["tahiti"],
      ["draw-first"],
    ] as Variant[][])
      for (let seed = 1; seed <= 2; seed++) {
        const round = playRandomClassicRound({ seed, players: 2 + seed, options: { variants } });
        expect(["out", "blocked"]).toContain(round.outcome?.reason);
      }
  });
});

describe("absence in ranked games (property)", () => {
  it("absence: nobody out of the round ever gets a turn, and when the round ends they score no better than anyone still in", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 120 }),
        (seed, players, idle) => {
          const created = newClassicGame({
            players,
            seed,
            now: 0,
            options: { turnLimit: 60_000, target: null, absentOut: 3 },
          });
          if (!created.ok) throw new Error(created.error);
          let s = created.state;
          const random = mulberry32(seed);
          for (const away of idle) {
            if (s.phase !== "turn") break;
            expect(s.absent).not.toContain(s.turn);
            if (away) s = advanceClassic(s, s.turnStart + 60_000).state;
            else {
              const command = randomClassicCommand(classicViewFor(s, s.turn), random);
              const applied = command && applyClassic(s, s.turn, command, s.now + 1);
              if (applied?.ok) s = applied.state;
            }
          }
          const round = s.rounds[0];
          if (!round) return;
          const stayed = round.scores.filter((_, seat) => !round.absent.includes(seat));
          for (const seat of round.absent)
            expect(round.scores[seat]).toBeGreaterThanOrEqual(Math.max(...stayed));
        },
      ),
    );
  });
});
