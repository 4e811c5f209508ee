// Setting up a hand (§1): 2 cards removed face up, three stocks of 34 face
// down, empty hands — dealt from a seed, or laid out explicitly (tests,
// scenarios, puzzles).

import { type CardId, CARD_COUNT, cardName, fullDeck, isCardId } from "./cards";
import type { RuleSetId } from "./melds";
import { copyPlain } from "./draft";
import { mulberry32, shuffle } from "./rng";
import type { HandState, Millis, PlayerState } from "./state";

export const SEATS = 3;
export const REMOVED_CARDS = 2;
export const STOCK_SIZE = 34;

export interface HandSetup {
  removed: CardId[];
  /** One per seat, top card first. */
  stocks: CardId[][];
  hands?: CardId[][];
  /** Melds already final on the table: they get ids 1, 2, 3… */
  table?: CardId[][];
  achieved?: { drawn?: boolean; laidMeld?: boolean }[];
}

export interface NewHandOptions {
  rules?: RuleSetId;
  seats?: number;
  now: Millis;
  seed?: number;
  setup?: HandSetup;
  /** Seats not showing up at the start: their 90 s count from the start (§11.2). */
  absent?: number[];
}

export type NewHand = { ok: true; state: HandState } | { ok: false; error: string };

/** A seeded deal: shuffle the two decks, 2 removed cards, then a stock of 34 per seat. */
export function deal(seed: number, seats = SEATS): HandSetup {
  const deck = shuffle(fullDeck(), mulberry32(seed));
  return {
    removed: deck.slice(0, REMOVED_CARDS),
    stocks: Array.from({ length: seats }, (_, s) =>
      deck.slice(REMOVED_CARDS + s * STOCK_SIZE, REMOVED_CARDS + (s + 1) * STOCK_SIZE),
    ),
  };
}

export function newHand(options: NewHandOptions): NewHand {
  const rules = options.rules ?? "machiavelox";
  const seats = options.seats ?? SEATS;
  if (rules !== "machiavelox")
    return { ok: false, error: `rules "${rules}" are not implemented yet` };
  if (seats !== SEATS)
    return { ok: false, error: `Machiavelox is played by ${SEATS}, not ${seats}` };
  if (!Number.isInteger(options.now) || options.now < 0)
    return { ok: false, error: "now must be a non-negative integer of milliseconds" };
  if ((options.seed === undefined) === (options.setup === undefined))
    return { ok: false, error: "give either a seed or an explicit setup" };
  if (options.seed !== undefined && !Number.isInteger(options.seed))
    return { ok: false, error: "the seed must be an integer" };
  const setup = options.setup ?? deal(options.seed!, seats);

  const used = new Set<CardId>();
  const claim = (list: CardId[], what: string): string | null => {
    for (const card of list) {
      if (!isCardId(card)) return `${what}: ${JSON.stringify(card)} is not a card id`;
      if (used.has(card)) return `${what}: ${cardName(card)} (card ${card}) is used twice`;
      used.add(card);
    }
    return null;
  };
  const lists: [CardId[], string][] = [[setup.removed, "removed"]];
  if (setup.stocks.length !== seats) return { ok: false, error: `give ${seats} stocks` };
  setup.stocks.forEach((stock, s) => lists.push([stock, `stock of seat ${s}`]));
  (setup.hands ?? []).forEach((hand, s) => lists.push([hand, `hand of seat ${s}`]));
  (setup.table ?? []).forEach((meld, i) => lists.push([meld, `table meld ${i + 1}`]));
  for (const [list, what] of lists) {
    const error = claim(list, what);
    if (error) return { ok: false, error };
  }
  if (setup.removed.length > REMOVED_CARDS)
    return { ok: false, error: `at most ${REMOVED_CARDS} removed cards` };
  if (setup.stocks.some((stock) => stock.length > STOCK_SIZE))
    return { ok: false, error: `a stock holds at most ${STOCK_SIZE} cards` };
  if ((setup.table ?? []).some((meld) => meld.length === 0))
    return { ok: false, error: "a table meld needs at least one card" };

  const players: PlayerState[] = setup.stocks.map((stock, s) => ({
    status: "playing",
    stock: [...stock],
    hand: [...(setup.hands?.[s] ?? [])],
    staging: [],
    achieved: {
      drawn: setup.achieved?.[s]?.drawn ?? false,
      laidMeld: setup.achieved?.[s]?.laidMeld ?? false,
    },
    play: null,
    hold: null,
    letGo: null,
    present: !options.absent?.includes(s),
    awaySince: options.absent?.includes(s) ? options.now : null,
    calledStop: false,
    owedDraws: 0,
  }));
  const table = (setup.table ?? []).map((cards, i) => ({
    id: i + 1,
    cards: [...cards].sort((a, b) => a - b),
  }));
  const state: HandState = {
    rules,
    now: options.now,
    removed: [...setup.removed],
    unused: Array.from({ length: CARD_COUNT }, (_, c) => c).filter((c) => !used.has(c)),
    players,
    table,
    base: copyPlain(table),
    log: [],
    plays: [],
    contests: [],
    reserved: [],
    progressAt: options.now,
    freeze: null,
    tiebreak: null,
    outcome: null,
    nextMeldId: table.length + 1,
    nextPlayId: 1,
    nextStepId: 1,
    nextEventId: 1,
  };
  return { ok: true, state };
}
