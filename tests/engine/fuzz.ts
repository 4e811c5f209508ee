// A million random actions (issue 50): three random players drive hand after hand on a
// virtual clock — sensible moves from the bots' random player, meddling ones (takes, moves,
// releases, cancels, ends) from the property tests' chooser, «Stop!» and giving up,
// absences, Leave, and malformed input — and a list of invariants is checked after every
// command and every timer. At each hand's end its command log is replayed from the deal
// and must give the same state. A failure comes with its seed and a shrunk command log.
// `npm run fuzz` (src/cli/fuzz.ts) runs it; tests/engine/fuzz.test.ts runs a short one.

import { CARD_COUNT, type CardId, cardName } from "@/engine/cards";
import { advance, apply, nextDeadline } from "@/engine/engine";
import { type EngineEvent, eventsFor } from "@/engine/engine-events";
import { isValidMeld, MACHIAVELOX_MELDS } from "@/engine/melds";
import { randomAction } from "@/engine/testkit";
import { mulberry32 } from "@/engine/rng";
import { newHand } from "@/engine/setup";
import type { HandState, MeldId, Millis, Seat } from "@/engine/state";
import { meldsOfStep } from "@/engine/table";
import { ownView, spectatorView, viewFor } from "@/engine/views";
import { openingOrderDifference } from "./chain-order";
import { busyPosition, commandFor } from "./random-play";

/** A check of the hand after a command or a timer: null, or what is wrong. */
export interface Invariant {
  name: string;
  check: (state: HandState, events: readonly EngineEvent[]) => string | null;
}

/**
 * §5.5's "the question is not who came first or later": ending every open play gives the same
 * outcome whichever order the plays were opened in (chain-order.ts). Costly (a copy of the hand
 * per order tried), so only where there are two plays or more to reorder.
 */
export const CHAIN_ORDER_INVARIANTS: Invariant[] = [
  {
    name: "the chain's outcome does not depend on who opened a play first",
    check: (state) => (state.plays.length < 2 ? null : openingOrderDifference(state)),
  },
];

const names = (cards: readonly CardId[]) => cards.map(cardName).join(" ");

function cardsInOnePlace(state: HandState): string | null {
  const places = [
    state.removed,
    state.unused,
    ...state.players.flatMap((p) => [p.stock, p.hand, p.staging]),
    state.tiebreak?.pile ?? [],
    ...state.table.map((m) => m.cards),
  ];
  const seen = new Uint8Array(CARD_COUNT);
  let count = 0;
  for (const cards of places)
    for (const card of cards) {
      if (seen[card]) return `${cardName(card)} (${card}) is in two places`;
      seen[card] = 1;
      count++;
    }
  return count === CARD_COUNT ? null : `${count} cards in play, not ${CARD_COUNT}`;
}

function noCardInTwoMelds(state: HandState): string | null {
  const where = new Map<CardId, MeldId>();
  for (const meld of state.table)
    for (const card of meld.cards) {
      const other = where.get(card);
      if (other !== undefined) return `${cardName(card)} is in melds ${other} and ${meld.id}`;
      where.set(card, meld.id);
    }
  return null;
}

/**
 * §5.4/§5.5: every final meld is valid, and so is every meld no open play is working on
 * (all the work on it has been judged). Once the hand is over it stays as it ended (§8).
 */
function judgedMeldsValid(state: HandState): string | null {
  if (state.outcome) return null;
  for (const meld of state.base)
    if (!isValidMeld(MACHIAVELOX_MELDS, meld.cards))
      return `final meld ${meld.id} (${names(meld.cards)}) is not valid`;
  const open = new Set(state.plays.filter((p) => p.open).map((p) => p.id));
  const worked = new Set<MeldId>();
  for (const step of state.log)
    if (open.has(step.play)) for (const id of meldsOfStep(step)) worked.add(id);
  for (const meld of state.table)
    if (!worked.has(meld.id) && !isValidMeld(MACHIAVELOX_MELDS, meld.cards))
      return `meld ${meld.id} (${names(meld.cards)}) is not valid, and no open play is working on it`;
  return null;
}

/** The fields another seat's view of a seat carries, sorted: nothing more may leave the server. */
export const SEAT_VIEW_KEYS: readonly string[] = [
  "awaySince",
  "calledStop",
  "handCount",
  "holdUntil",
  "holding",
  "leavesAt",
  "owedDraws",
  "play",
  "present",
  "seat",
  "staging",
  "status",
  "stockCount",
].sort();
const OWN_VIEW_KEYS = ["achieved", "hand", "seat", "staging", "stockCount"].sort().join();

/**
 * §4: a seat's view (the public part and its own) shows no card of another seat's hand and
 * no stock's card or order, spectators see no hand at all, and drawn cards reach only the drawer.
 */
function viewsLeakNothing(state: HandState, events: readonly EngineEvent[]): string | null {
  const view = spectatorView(state);
  if (view.you !== null) return "the spectator's view has a hand";
  const seatKeys = view.seats.map((s) => Object.keys(s).sort().join());
  if (seatKeys.some((keys) => keys !== SEAT_VIEW_KEYS.join()))
    return `a seat's public view has fields ${seatKeys.join(" / ")}`;
  // Where each hidden card is: 1 + the seat whose hand holds it, or 4 for any stock.
  const hidden = new Uint8Array(CARD_COUNT);
  state.players.forEach((p, seat) => {
    for (const card of p.hand) hidden[card] = 1 + seat;
    for (const card of p.stock) hidden[card] = 4;
  });
  const shown = (card: CardId) =>
    hidden[card] === 4
      ? `${cardName(card)} from a stock is in the public view`
      : hidden[card]
        ? `${cardName(card)} from seat ${hidden[card]! - 1}'s hand is in the public view`
        : null;
  const publicCards = [
    view.removed,
    ...view.table.map((m) => m.cards.map((c) => c.card)),
    ...view.seats.map((s) => (s.holding === null ? s.staging : [...s.staging, s.holding])),
    view.tiebreak?.pile ?? [],
  ];
  for (const cards of publicCards)
    for (const card of cards) {
      const leak = shown(card);
      if (leak) return leak;
    }
  for (let seat = 0; seat < state.players.length; seat++) {
    const own = ownView(state, seat)!;
    if (Object.keys(own).sort().join() !== OWN_VIEW_KEYS)
      return `seat ${seat}'s own view has fields ${Object.keys(own).sort().join()}`;
    for (const card of [...own.hand, ...own.staging]) {
      const player = state.players[seat]!;
      if (!player.hand.includes(card) && !player.staging.includes(card))
        return `seat ${seat}'s own view shows ${cardName(card)}, not its own`;
    }
    for (const event of eventsFor(events, seat))
      if (event.type === "drew" && event.seat !== seat && event.card !== null)
        return `seat ${seat} sees the card seat ${event.seat} drew`;
  }
  return null;
}

/** Every timer due by now has fired: one left behind would spin the server's clock. */
function noTimerLeftBehind(state: HandState): string | null {
  const due = nextDeadline(state);
  return due !== null && due <= state.now
    ? `a timer due at ${due} is still pending at ${state.now}`
    : null;
}

export const INVARIANTS: Invariant[] = [
  { name: "104 cards, each in exactly one place", check: cardsInOnePlace },
  { name: "no card in two melds", check: noCardInTwoMelds },
  { name: "judged melds valid", check: judgedMeldsValid },
  { name: "views leak nothing", check: viewsLeakNothing },
  { name: "no timer left behind", check: noTimerLeftBehind },
  ...CHAIN_ORDER_INVARIANTS,
];

/** How a hand starts: a real deal from a seed, or the property tests' busy table (52 cards in runs). */
export type Start = { kind: "deal" | "busy"; seed: number };

/**
 * One command as sent (`junk`: malformed on purpose, so it must be refused), or with `tick`
 * only the clock moving to `at` (ms) while nobody acts, as the server's timers do.
 */
export type Sent =
  { at: Millis; seat: unknown; command: unknown; junk?: true } | { at: Millis; tick: true };

/** A hand's start and every command sent in it: replaying it rebuilds the hand. */
export interface Repro {
  start: Start;
  commands: Sent[];
}

export interface Failure {
  invariant: string;
  message: string;
  /** The index of the command at (or before) which it failed. */
  index: number;
}

function initial(start: Start): HandState {
  if (start.kind === "busy") return busyPosition(start.seed);
  const created = newHand({ now: 0, seed: start.seed });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

/** Drives one hand: timers first, then the command, checking the invariants after each. */
class Runner {
  state: HandState;
  checks = 0;
  timers = 0;
  /** How often each kind of event happened: what the random play reached. */
  readonly seen = new Map<string, number>();

  constructor(
    start: Start,
    private readonly invariants: readonly Invariant[],
  ) {
    this.state = initial(start);
  }

  private check(events: readonly EngineEvent[]): Omit<Failure, "index"> | null {
    for (const event of events) {
      const kind = event.type === "released" ? `released (${event.reason})` : event.type;
      this.seen.set(kind, (this.seen.get(kind) ?? 0) + 1);
    }
    for (const invariant of this.invariants) {
      this.checks++;
      const message = invariant.check(this.state, events);
      if (message !== null) return { invariant: invariant.name, message };
    }
    return null;
  }

  /** Fires each timer due by `at` on its own, then moves the clock to `at`. */
  advanceTo(at: Millis): Omit<Failure, "index"> | null {
    for (let due = nextDeadline(this.state); due !== null && due <= at;) {
      if (due <= this.state.now) return { invariant: "no timer left behind", message: `${due}` };
      const fired = advance(this.state, due);
      this.state = fired.state;
      this.timers++;
      const failure = this.check(fired.events);
      if (failure) return failure;
      due = nextDeadline(this.state);
    }
    this.state = advance(this.state, at).state;
    return null;
  }

  send(sent: Sent): Omit<Failure, "index"> | null {
    const failure = this.advanceTo(sent.at);
    if (failure || "tick" in sent) return failure;
    let result;
    try {
      result = apply(this.state, sent.seat, sent.command, sent.at);
    } catch (error) {
      return { invariant: "no command throws", message: String(error) };
    }
    if (!result.ok) return null;
    if (sent.junk)
      return { invariant: "bad input is refused", message: JSON.stringify(sent.command) };
    this.state = result.state;
    return this.check(result.events);
  }
}

/** Replays a command log from its start: the state it ends in and its first failure. */
export function replay(
  repro: Repro,
  invariants: readonly Invariant[] = INVARIANTS,
): { state: HandState; failure: Failure | null; checks: number } {
  const runner = new Runner(repro.start, invariants);
  for (const [index, sent] of repro.commands.entries()) {
    const failure = runner.send(sent);
    if (failure)
      return { state: runner.state, failure: { ...failure, index }, checks: runner.checks };
  }
  return { state: runner.state, failure: null, checks: runner.checks };
}

/**
 * A shorter log that still fails the same invariant: the prefix up to the failure, then
 * chunks taken out while it still fails (halving the chunk), within a budget of replays.
 */
export function shrink(repro: Repro, failure: Failure, budget = 400): Repro {
  const fails = (commands: Sent[]) =>
    replay({ ...repro, commands }).failure?.invariant === failure.invariant;
  let commands = repro.commands.slice(0, failure.index + 1);
  for (let chunk = Math.ceil(commands.length / 2); chunk >= 1 && budget > 0;) {
    let removed = false;
    for (let i = 0; i < commands.length && budget > 0;) {
      const candidate = [...commands.slice(0, i), ...commands.slice(i + chunk)];
      budget--;
      if (candidate.length > 0 && fails(candidate)) {
        commands = candidate;
        removed = true;
      } else i += chunk;
    }
    if (!removed) chunk = Math.floor(chunk / 2);
  }
  return { ...repro, commands };
}

/** `commandFor` kinds: 7-8 move, 9 take, 10-11 place, 12 release, 13 end, 14 cancel, 3 unstage, 1 stage. */
const MEDDLING = [7, 8, 9, 7, 8, 9, 10, 11, 12, 13, 14, 3, 1];
/** 0 draw, 1-2 stage, 5-6 add. */
const DECLARING = [0, 1, 2, 1, 5, 6];

/** Malformed input (and a command stamped before the clock): every piece must be refused. */
const JUNK: ((state: HandState) => { seat: unknown; command: unknown; early?: boolean })[] = [
  () => ({ seat: 0, command: { do: "fly" } }),
  () => ({ seat: 1, command: null }),
  () => ({ seat: 2, command: "draw" }),
  () => ({ seat: 7, command: { do: "draw" } }),
  () => ({ seat: "0", command: { do: "draw" } }),
  () => ({ seat: 0, command: { do: "add", card: 104, meld: 1 } }),
  () => ({ seat: 1, command: { do: "take", card: 3.5, meld: 1 } }),
  () => ({ seat: 2, command: { do: "move", card: 0, from: "x", to: 1 } }),
  (state) => ({ seat: 0, command: { do: "place", card: 0, to: state.nextMeldId + 5 } }),
  () => ({ seat: 1, command: { do: "lay", cards: [1, 1, 1] } }),
  () => ({ seat: 2, command: { do: "draw", extra: true } }),
  () => ({ seat: 0, command: { do: "draw" }, early: true }),
];

export interface FuzzOptions {
  actions: number;
  seed: number;
  invariants?: readonly Invariant[];
  /** Actions in one hand at most before the next hand is dealt. */
  handCap?: number;
  /** Stop at the first failure (the CLI and the test do). */
  stopAtFailure?: boolean;
  /** Called after each hand, with the report so far. */
  onHand?: (report: FuzzReport) => void;
}

export interface FuzzReport {
  actions: number;
  accepted: number;
  timers: number;
  hands: number;
  checks: number;
  replays: number;
  /** Events by kind (releases by reason) and hands by how they ended. */
  seen: Record<string, number>;
  failures: { seed: number; hand: number; failure: Failure; repro: Repro }[];
}

/** Runs `actions` random commands over as many hands as it takes. */
export function fuzz(options: FuzzOptions): FuzzReport {
  const invariants = options.invariants ?? INVARIANTS;
  const handCap = options.handCap ?? 3000;
  const random = mulberry32(options.seed);
  const report: FuzzReport = {
    actions: 0,
    accepted: 0,
    timers: 0,
    hands: 0,
    checks: 0,
    replays: 0,
    seen: {},
    failures: [],
  };
  const count = (kind: string, n = 1) => (report.seen[kind] = (report.seen[kind] ?? 0) + n);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
  const pause = () => {
    const r = random();
    if (r < 0.25) return 0; // commands at the same instant: races
    if (r < 0.75) return between(1, 1500);
    if (r < 0.9) return between(1500, 15_000);
    if (r < 0.98) return between(15_000, 45_000);
    return between(45_000, 130_000);
  };

  while (report.actions < options.actions) {
    const start: Start = { kind: random() < 0.5 ? "deal" : "busy", seed: between(0, 2 ** 31) };
    const runner = new Runner(start, invariants);
    const commands: Sent[] = [];
    // A seat away until then sends nothing, then comes back (§11; past 90 s it has left).
    const awayUntil: (Millis | null)[] = [null, null, null];
    let failure: Omit<Failure, "index"> | null = null;
    let inHand = 0;
    report.hands++;
    while (!runner.state.outcome && inHand < handCap && report.actions < options.actions) {
      const at = runner.state.now + pause();
      failure = runner.advanceTo(at);
      if (failure || runner.state.outcome) {
        commands.push({ at, tick: true });
        break;
      }
      const sent = chooseCommand(runner.state, at, awayUntil, random, between);
      if (!sent) {
        commands.push({ at, tick: true });
        continue;
      }
      // A command stamped before the clock (refused): the clock's move to `at` is logged first.
      if (sent.at < at) commands.push({ at, tick: true });
      commands.push(sent);
      report.actions++;
      inHand++;
      const before = runner.state;
      failure = runner.send(sent);
      if (runner.state !== before) report.accepted++;
      if (failure) break;
    }
    report.checks += runner.checks;
    report.timers += runner.timers;
    for (const [kind, n] of runner.seen) count(kind, n);
    count(`hand ended: ${runner.state.outcome?.reason ?? "cut at the cap"}`);
    const repro: Repro = { start, commands };
    if (!failure) {
      // The log replayed from the deal gives the same state (checked at each hand's end).
      report.replays++;
      report.checks++;
      const again = replay(repro, []).state;
      const differ = differences(again, runner.state);
      if (differ.length > 0)
        failure = {
          invariant: "replaying the log gives the same state",
          message: `the replayed hand differs from the live one at ${differ.slice(0, 5).join(", ")}`,
        };
    }
    if (failure) {
      const found = { ...failure, index: commands.length - 1 };
      const shrunk =
        found.invariant === "replaying the log gives the same state" ? repro : shrink(repro, found);
      report.failures.push({
        seed: options.seed,
        hand: report.hands,
        failure: found,
        repro: shrunk,
      });
      if (options.stopAtFailure) break;
    }
    options.onHand?.(report);
  }
  return report;
}

/** Where two plain-data values differ, as paths ("players.1.hand"). */
function differences(a: unknown, b: unknown, path = ""): string[] {
  if (a === b) return [];
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return [path || "(root)"];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) =>
    differences(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      path ? `${path}.${key}` : key,
    ),
  );
}

/**
 * One seat's next command, or null while it is away: mostly sensible, often meddling,
 * now and then «Stop!», an absence, Leave, or junk.
 */
function chooseCommand(
  state: HandState,
  at: Millis,
  awayUntil: (Millis | null)[],
  random: () => number,
  between: (low: number, high: number) => number,
): Sent | null {
  const seat: Seat = between(0, 3);
  const player = state.players[seat]!;
  const away = awayUntil[seat];
  if (away !== null && away !== undefined) {
    if (at < away) return null; // away: it sends nothing, the clock goes on
    awayUntil[seat] = null;
    if (!player.present) return { at, seat, command: { do: "reconnect" } };
  }
  const r = random();
  if (r < 0.02) {
    const junk = JUNK[between(0, JUNK.length)]!(state);
    return {
      at: junk.early ? state.now - 1 : at,
      seat: junk.seat,
      command: junk.command,
      junk: true,
    };
  }
  if (r < 0.023 && player.present) {
    awayUntil[seat] = at + between(5_000, 100_000);
    return { at, seat, command: { do: "disconnect" } };
  }
  if (r < 0.0232) return { at, seat, command: { do: "leave" } };
  if (r < 0.026) return { at, seat, command: { do: "stop" } };
  if (r < 0.5) {
    // Meddling (the chooser's kinds): with cards declared, mostly takes and moves of table
    // cards, placing, letting go, ending and cancelling; else declaring, adding or drawing.
    const kinds = player.staging.length > 0 ? MEDDLING : DECLARING;
    const kind = kinds[between(0, kinds.length)]!;
    const choice = { seat, kind, a: between(0, 1000), b: between(0, 1000), dt: 0 };
    return { at, seat, command: commandFor(state, choice).command };
  }
  return { at, seat, command: randomAction(viewFor(state, seat), random) ?? { do: "draw" } };
}
