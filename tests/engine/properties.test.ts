import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { CARD_COUNT, type CardId } from "@/engine/cards";
import { advance, apply, nextDeadline } from "@/engine/engine";
import type { EngineEvent } from "@/engine/engine-events";
import { playRandomHand } from "@/engine/testkit";
import { checkMeld, isValidMeld, MACHIAVELOX_MELDS } from "@/engine/melds";
import { handOf, type HandState, meldHolding, PLAY_LIMIT_MS } from "@/engine/state";
import { replayTable } from "@/engine/table";
import { spectatorView, viewFor } from "@/engine/views";
import { SEAT_VIEW_KEYS } from "./fuzz";
import { busyPosition, type Choice, commandFor, TEN_AND_THREE } from "./random-play";

const choice = fc.record({
  seat: fc.nat(2),
  kind: fc.nat(40),
  a: fc.nat(1000),
  b: fc.nat(1000),
  dt: fc.oneof(fc.constant(0), fc.nat(3000), fc.nat(15_000)),
});
const game = fc.record({
  seed: fc.nat(1000),
  choices: fc.array(choice, { minLength: 1, maxLength: 120 }),
});

function playOut(seed: number, choices: Choice[], check?: (state: HandState) => void): HandState {
  let state = busyPosition(seed);
  let now = 0;
  for (const c of choices) {
    now += c.dt;
    const { seat, command } = commandFor(state, c);
    const result = apply(state, seat, command, now);
    if (result.ok) state = result.state;
    check?.(state);
  }
  return state;
}

/** Cards in a seat's view that it must not see: others' hands and any stock. */
function leaked(state: HandState, seat: number): CardId[] {
  const view = viewFor(state, seat);
  const hidden = new Set(
    state.players.flatMap((p, s) => [...p.stock, ...(s === seat ? [] : p.hand)]),
  );
  const visible = [
    ...view.removed,
    ...view.table.flatMap((m) => m.cards.map((c) => c.card)),
    ...view.seats.flatMap((s) => [...s.staging, ...(s.holding === null ? [] : [s.holding])]),
    ...(view.you?.hand ?? []),
    ...(view.you?.staging ?? []),
    ...(view.tiebreak?.pile ?? []),
  ];
  return visible.filter((c) => hidden.has(c));
}

function everyCard(state: HandState): CardId[] {
  return [
    ...state.removed,
    ...state.unused,
    ...state.players.flatMap((p) => [...p.stock, ...p.hand, ...p.staging]),
    ...state.table.flatMap((m) => m.cards),
  ];
}

describe("properties of random play by three seats", () => {
  it("§1 no card is ever lost or duplicated: each of the 104 is in exactly one place", () => {
    fc.assert(
      fc.property(game, ({ seed, choices }) => {
        playOut(seed, choices, (state) => {
          const all = everyCard(state);
          expect(all).toHaveLength(CARD_COUNT);
          expect(new Set(all).size).toBe(CARD_COUNT);
          expect(state.table).toEqual(replayTable(state.base, state.log));
        });
      }),
      { numRuns: 60 },
    );
  });

  it("§5.4/§5.5 a judged and final meld is never left invalid", () => {
    fc.assert(
      fc.property(game, ({ seed, choices }) => {
        const state = playOut(seed, choices, (now) => {
          for (const meld of now.base)
            expect(isValidMeld(MACHIAVELOX_MELDS, meld.cards)).toBe(true);
        });
        // Once every play has ended and become final, the whole table is in order.
        const settled = advance(state, state.now + 2 * PLAY_LIMIT_MS).state;
        expect(settled.log).toEqual([]);
        for (const meld of settled.table)
          expect(isValidMeld(MACHIAVELOX_MELDS, meld.cards)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("the same commands at the same times always give the same state, and the state is plain JSON", () => {
    fc.assert(
      fc.property(game, ({ seed, choices }) => {
        const first = playOut(seed, choices);
        expect(playOut(seed, choices)).toEqual(first);
        expect(JSON.parse(JSON.stringify(first))).toEqual(first);
      }),
      { numRuns: 40 },
    );
  });

  it("a state once made never changes, though the states after it share its logged steps", () => {
    fc.assert(
      fc.property(game, ({ seed, choices }) => {
        const states: { state: HandState; json: string }[] = [];
        playOut(seed, choices, (state) => states.push({ state, json: JSON.stringify(state) }));
        for (const { state, json } of states) expect(JSON.stringify(state)).toBe(json);
        // Logged steps are the earlier state's own memory, not copies of it.
        for (let i = 1; i < states.length; i++) {
          const [before, after] = [states[i - 1]!.state, states[i]!.state];
          for (const step of after.log) {
            const was = before.log.find((s) => s.id === step.id);
            if (was && JSON.stringify(was) === JSON.stringify(step)) expect(step).toBe(was);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it("§4 a seat's view never contains another seat's hand or any stock's cards", () => {
    fc.assert(
      fc.property(game, ({ seed, choices }) => {
        const state = playOut(seed, choices);
        state.players.forEach((_, seat) => {
          const view = viewFor(state, seat);
          expect(leaked(state, seat)).toEqual([]);
          expect(Object.keys(view.seats[0]!).sort()).toEqual(SEAT_VIEW_KEYS);
        });
        expect(spectatorView(state).you).toBeNull();
      }),
      { numRuns: 40 },
    );
  });
});

/**
 * Drives a hand of runs of ten, firing each timer on its own, and checks after
 * every command and every timer that §3.1 and the chain's bookkeeping hold.
 */
function playAroundLongRuns(seed: number, choices: Choice[]): void {
  let state = busyPosition(seed, 8, TEN_AND_THREE);
  const seen = new Set(state.table.map((m) => m.id));
  const check = (next: HandState, events: readonly EngineEvent[]) => {
    expectTableInvariants(next);
    // A meld id is never reused: one that shows up for the first time is a new meld's.
    for (const { id } of next.table) {
      if (!seen.has(id)) expect(id).toBeGreaterThanOrEqual(state.nextMeldId);
      seen.add(id);
    }
    expectUndoneWhereNoticed(next, events);
    state = next;
  };
  let now = 0;
  for (const c of choices) {
    now += c.dt;
    for (let due = nextDeadline(state); due !== null && due <= now; due = nextDeadline(state)) {
      const fired = advance(state, due);
      check(fired.state, fired.events);
    }
    const { seat, command } = commandFor(state, c);
    const result = apply(state, seat, command, now);
    if (result.ok) check(result.state, result.events);
  }
}

function expectTableInvariants(state: HandState): void {
  const all = [...everyCard(state), ...(state.tiebreak?.pile ?? [])];
  expect(new Set(all).size).toBe(CARD_COUNT);
  expect(all).toHaveLength(CARD_COUNT);
  expect(state.table).toEqual(replayTable(state.base, state.log));
  for (const meld of state.table) {
    const check = checkMeld(MACHIAVELOX_MELDS, meld.cards);
    if (check.ok && check.kind === "run") expect(meld.cards.length).toBeLessThanOrEqual(10);
    expect(meld.id).toBeLessThan(state.nextMeldId);
  }
  // A split can only be undone with the step that caused it: that step is still logged, before it.
  const position = new Map(state.log.map((s, i) => [s.id, i]));
  expect(position.size).toBe(state.log.length);
  for (const [i, step] of state.log.entries())
    if (step.cause !== null) expect(position.get(step.cause)).toBeLessThan(i);
}

/**
 * §5.5 every card the last chain undo of a batch sent back is where its notice
 * says: in the meld it came from (or a part split off it at once), or in the
 * hand or staging area of the player who brought it to the table.
 */
function expectUndoneWhereNoticed(state: HandState, events: readonly EngineEvent[]): void {
  const last = events.findLastIndex((e) => e.type === "undone");
  let first = last;
  while (first > 0 && events[first - 1]!.type === "undone") first--;
  const splitOff = (meld: number) =>
    events.slice(last).flatMap((e) => (e.type === "split" && e.meld === meld ? e.into : []));
  for (const event of events.slice(first, last + 1)) {
    if (event.type !== "undone") continue;
    for (const back of event.cards) {
      const { card, to } = back;
      if (typeof to === "number") {
        expect([to, ...splitOff(to)]).toContain(meldHolding(state, card)?.id);
        continue;
      }
      // A play ending later in the batch (its 40 s at the same instant) returns its staging area to the hand.
      const staging = to === "staging" ? state.players[back.seat]!.staging : [];
      expect([...staging, ...handOf(state, back.seat)]).toContain(card);
    }
  }
}

/** Long hands of card moves only (stage, add, move, place, end, cancel; a draw when none applies). */
const rearranging = fc.record({
  seed: fc.nat(1000),
  choices: fc.array(
    fc.record({
      seat: fc.nat(2),
      kind: fc.constantFrom(1, 5, 7, 10, 13, 14),
      a: fc.nat(1000),
      b: fc.nat(1000),
      dt: fc.oneof(fc.constant(0), fc.nat(3000), fc.nat(15_000)),
    }),
    { minLength: 40, maxLength: 120 },
  ),
});

describe("properties of rearrangements around runs of ten", () => {
  it("§3.1/§5.5 after every command and every timer: no valid run of more than 10 cards on the table, every card in one place, the table a replay of the log, splits undone only with their cause, meld ids never reused", () => {
    fc.assert(
      fc.property(rearranging, ({ seed, choices }) => playAroundLongRuns(seed, choices)),
      { numRuns: 150 },
    );
  });
});

/** §12 recomputed from the final state, as an oracle independent of outcome.ts. */
function expectedScores(state: HandState): number[] {
  const outcome = state.outcome!;
  const tiebreak = state.tiebreak;
  const held = (seat: number) => {
    const i = tiebreak ? tiebreak.seats.indexOf(seat) : -1;
    const p = state.players[seat]!;
    return tiebreak && i >= 0 ? tiebreak.counts[i]! : p.hand.length + p.staging.length;
  };
  return state.players.map((p, seat) => {
    if (seat === outcome.winner) {
      const others = [0, 1, 2].filter((s) => s !== seat).reduce((sum, s) => sum + held(s), 0);
      const bonus = outcome.reason === "out" && p.stock.length === 0 ? 10 : 0;
      return 50 - p.stock.length + others + bonus;
    }
    if (p.status === "eliminated" || p.status === "left") return -15;
    if (outcome.draw?.includes(seat)) return Math.max(50 - tiebreak!.pile.length, -15);
    return 0;
  });
}

describe("properties of whole hands of random legal play by three seats", () => {
  const seeds = fc.integer({ min: 0, max: 1_000_000 });

  it("§7/§10/§12 every hand ends within a bound (forced draws and the silence see to it) and is scored by the rules", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const { state, outcome } = playRandomHand({ seed, maxCommands: 3000 });
        expect(outcome).not.toBeNull();
        expect(nextDeadline(state)).toBeNull();
        expect(outcome!.scores).toEqual(expectedScores(state));
        if (outcome!.winner !== null)
          expect(state.players[outcome!.winner]!.status).not.toMatch(/eliminated|left/);
      }),
      { numRuns: 20 },
    );
  });

  it("§1/§4 the 104 cards are conserved at every instant, and no view shows another seat's hand or a stock", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        playRandomHand({
          seed,
          check: (state) => {
            const all = [...everyCard(state), ...(state.tiebreak?.pile ?? [])];
            expect(all).toHaveLength(CARD_COUNT);
            expect(new Set(all).size).toBe(CARD_COUNT);
            const seat = state.now % 3;
            expect(leaked(state, seat)).toEqual([]);
          },
        });
      }),
      { numRuns: 10 },
    );
  });

  it("a whole hand is deterministic from its seed and stays plain JSON", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const first = playRandomHand({ seed }).state;
        expect(playRandomHand({ seed }).state).toEqual(first);
        expect(JSON.parse(JSON.stringify(first))).toEqual(first);
      }),
      { numRuns: 5 },
    );
  });
});
