// A random player that only looks at its own seat's view: it picks one of the
// legal, sensible actions it can see (draw, lay or extend melds, build a
// declaration, place, give up…) at random. Bots, the simulation, property
// tests and the live-server benchmark all drive the engine through it.

import { type CardId, rankOf, suitOf } from "../cards";
import type { Command } from "../commands";
import { advance, apply, nextDeadline } from "../engine";
import { isValidMeld, MACHIAVELOX_MELDS, meldsAmong } from "../melds";
import { mulberry32, type Random } from "../rng";
import { newHand } from "../setup";
import type { HandOutcome, HandState, Millis, Seat } from "../state";
import { type HandView, viewFor } from "../views";

const rules = MACHIAVELOX_MELDS;

/** How often a random player close to going out calls «Stop!» on one decision (§9). */
const STOP_CHANCE = 0.02;

/**
 * A random legal action for the seat whose view this is, or null when it has
 * nothing to do (frozen, out of the tie-break, out of the hand, or stuck).
 */
export function randomAction(view: HandView, random: Random): Command | null {
  const you = view.you;
  if (!you || view.outcome) return null;
  const me = view.seats[you.seat]!;
  if (me.status !== "playing") return null;
  if (view.freeze && view.freeze.seat !== you.seat) return null;
  const tiebreak = view.tiebreak;
  if (tiebreak && !tiebreak.seats.includes(you.seat)) return null;
  const mine = tiebreak ? tiebreak.pile : you.hand;
  const melds = view.table.map((m) => ({ id: m.id, cards: m.cards.map((c) => c.card) }));
  const fits = (meld: CardId[], card: CardId) =>
    mayJoin(meld, card) && isValidMeld(rules, [...meld, card]);
  const options: { weight: number; command: Command }[] = [];
  const offer = (weight: number, command: Command) => options.push({ weight, command });

  if (you.staging.length > 0) {
    // Finish the meld being assembled, or place the declared cards, or take them back.
    if (isValidMeld(rules, you.staging)) offer(8, { do: "lay" });
    for (const meld of meldsAmong([...you.staging, ...mine]))
      if (you.staging.every((c) => meld.includes(c))) {
        const card = meld.find((c) => !you.staging.includes(c));
        if (card !== undefined) offer(6, { do: "stage", card });
      }
    for (const card of you.staging)
      for (const meld of melds)
        if (fits(meld.cards, card)) offer(4, { do: "place", card, to: meld.id });
    offer(options.length === 0 ? 5 : 0.5, { do: "unstage", card: pick(you.staging, random) });
  } else {
    if (you.stockCount > 0) offer(3, { do: "draw" });
    for (const meld of meldsAmong(mine)) offer(6, { do: "stage", card: meld[0]! });
    for (const card of mine)
      for (const meld of melds)
        if (fits(meld.cards, card)) offer(4, { do: "add", card, meld: meld.id });
  }
  if (me.play !== null && !view.freeze) offer(0.5, { do: "end" });
  if (view.freeze?.seat === you.seat) offer(options.length === 0 ? 1 : 0.05, { do: "giveup" });
  else if (mayStop(view, random)) return { do: "stop" };
  return weighted(options, random);
}

/** A player with few cards left and both §8 conditions met may try «Stop!». */
function mayStop(view: HandView, random: Random): boolean {
  const you = view.you!;
  return (
    !view.tiebreak &&
    !view.seats[you.seat]!.calledStop &&
    you.achieved.drawn &&
    you.achieved.laidMeld &&
    you.hand.length + you.staging.length <= 3 &&
    random() < STOP_CHANCE
  );
}

/** A cheap first test: same value as a set's cards, or next to a run's card in its suit. */
function mayJoin(meld: readonly CardId[], card: CardId): boolean {
  const rank = rankOf(card);
  return meld.some(
    (c) =>
      rankOf(c) === rank ||
      (suitOf(c) === suitOf(card) &&
        (Math.abs(rankOf(c) - rank) === 1 || Math.abs(rankOf(c) - rank) === 12)),
  );
}

function pick<T>(list: readonly T[], random: Random): T {
  return list[Math.floor(random() * list.length)]!;
}

function weighted<T>(options: { weight: number; command: T }[], random: Random): T | null {
  const total = options.reduce((sum, o) => sum + o.weight, 0);
  let r = random() * total;
  for (const option of options) {
    r -= option.weight;
    if (r < 0) return option.command;
  }
  return null;
}

/** How a simulated seat behaves over a whole hand. */
interface Temper {
  /** When it stops showing up for good, if ever (§11). */
  vanishAt: Millis | null;
  /** When it presses Leave, if ever (§11.3). */
  leaveAt: Millis | null;
}

export interface RandomHand {
  outcome: HandOutcome | null;
  /** Virtual time from the deal to the end. */
  duration: Millis;
  commands: number;
  accepted: number;
  state: HandState;
}

export interface RandomHandOptions {
  seed: number;
  /** A bound on commands: a hand that outlasts it is reported unfinished. */
  maxCommands?: number;
  /** Called after every change, for invariant checks. */
  check?: (state: HandState) => void;
}

/**
 * Plays one whole hand with three random players on a virtual clock: each
 * seat thinks 1–10 s (now and then a minute) between actions; a few seats
 * vanish or press Leave at some point, so every ending of §8–§11 turns up.
 */
export function playRandomHand(options: RandomHandOptions): RandomHand {
  const random = mulberry32(options.seed);
  const created = newHand({ now: 0, seed: options.seed });
  if (!created.ok) throw new Error(created.error);
  let state = created.state;
  const maxCommands = options.maxCommands ?? 20_000;
  const later = (low: number, high: number) => low + Math.floor(random() * (high - low));
  // Now and then the whole table drops at once (a venue's network, say).
  const allVanish = random() < 0.01 ? later(0, 300_000) : null;
  const tempers: Temper[] = state.players.map(() => ({
    vanishAt: allVanish ?? (random() < 0.04 ? later(0, 900_000) : null),
    leaveAt: random() < 0.02 ? later(0, 900_000) : null,
  }));
  const think = () => (random() < 0.1 ? later(20_000, 90_000) : later(1_000, 10_000));
  // A seat acts after thinking, or at the instant it vanishes.
  const after = (seat: Seat, now: Millis) => {
    const vanish = tempers[seat]!.vanishAt;
    const next = now + think();
    return vanish !== null && vanish > now && vanish < next ? vanish : next;
  };
  const nextAct = state.players.map((_, seat) => after(seat, 0));
  let commands = 0;
  let accepted = 0;

  const act = (seat: Seat, now: Millis) => {
    const temper = tempers[seat]!;
    const player = state.players[seat]!;
    let command: Command | null;
    if (temper.vanishAt !== null && now >= temper.vanishAt)
      command = player.present ? { do: "disconnect" } : null;
    else if (temper.leaveAt !== null && now >= temper.leaveAt)
      command = player.status === "playing" ? { do: "leave" } : null;
    else command = randomAction(viewFor(state, seat), random);
    if (command === null) return;
    commands++;
    const result = apply(state, seat, command, now);
    if (!result.ok) return;
    accepted++;
    state = result.state;
  };

  while (!state.outcome && commands < maxCommands) {
    const at = Math.min(...nextAct);
    const seat = nextAct.indexOf(at);
    const due = nextDeadline(state);
    if (due !== null && due < at) state = advance(state, due).state;
    else {
      act(seat, at);
      nextAct[seat] = after(seat, at);
    }
    options.check?.(state);
  }
  return { outcome: state.outcome, duration: state.now, commands, accepted, state };
}
