// Setting up a classic game (classic §3): two decks shuffled (plus four jokers
// in Tahiti), the hands dealt one card at a time from the dealer's left, four
// face-up cards in Tahiti, the rest the face-down stock. A seed deals every
// round; an explicit layout sets up the first one (tests, scenarios).

import type { CardId } from "../cards";
import { mulberry32, shuffle } from "../rng";
import type { Millis, Seat } from "../state";
import { classicDeck, isClassicCard, labels, classicName } from "./cards";
import { checkCombination } from "./combinations";
import { type ClassicOptions, FACE_UP_CARDS, handSizeFor, has, parseOptions } from "./options";
import type { ClassicState } from "./state";

export interface ClassicSetup {
  hands: CardId[][];
  /** Top card first. */
  stock: CardId[];
  /** Combinations already on the table: ids 1, 2, 3… */
  table?: CardId[][];
  faceUp?: CardId[];
  /** Whose turn it is; the dealer sits to the right. Default: seat 0. */
  turn?: Seat;
  /** Thirty-Six: seats that have made their opening. */
  opened?: Seat[];
}

export interface NewClassicGameOptions {
  players: number;
  now: Millis;
  /** Deals every round, or only the later ones when `setup` lays out the first. */
  seed?: number;
  setup?: ClassicSetup;
  options?: Partial<ClassicOptions>;
  /** The first round's dealer when dealt from the seed. Default: the last seat. */
  dealer?: Seat;
  /** Points already scored, to start from (tests, scenarios). */
  totals?: number[];
}

/** Takes up to n cards from the top of the stock into a seat's hand; returns them. */
export function drawCards(state: ClassicState, seat: Seat, n: number): CardId[] {
  const cards = state.stock.splice(0, n);
  state.hands[seat]!.push(...cards);
  return cards;
}

/** Draw first (classic §8): the turn's compulsory card, unless the stock is empty. */
export function compulsoryDraw(state: ClassicState): CardId[] {
  if (!has(state.options, "draw-first") || state.stock.length === 0) return [];
  state.drewFirst = true;
  return drawCards(state, state.turn, 1);
}

export type NewClassicGame = { ok: true; state: ClassicState } | { ok: false; error: string };

/** Each round's own shuffle, from the game's seed and the round's number. */
function roundSeed(seed: number, round: number): number {
  return (seed ^ Math.imul(round, 0x9e3779b1)) >>> 0;
}

/** A round's deal: one card at a time from the dealer's left, then the face-up cards, then the stock. */
export function dealRound(
  options: ClassicOptions,
  players: number,
  seed: number,
  round: number,
  dealer: Seat,
): { hands: CardId[][]; faceUp: CardId[]; stock: CardId[] } {
  const deck = shuffle(classicDeck(has(options, "tahiti")), mulberry32(roundSeed(seed, round)));
  const size = handSizeFor(options, players);
  const hands: CardId[][] = Array.from({ length: players }, () => []);
  for (let i = 0; i < size * players; i++) hands[(dealer + 1 + i) % players]!.push(deck[i]!);
  const faceUpCount = has(options, "tahiti") ? FACE_UP_CARDS : 0;
  const faceUp = deck.slice(size * players, size * players + faceUpCount);
  return { hands, faceUp, stock: deck.slice(size * players + faceUpCount) };
}

export function newClassicGame(input: NewClassicGameOptions): NewClassicGame {
  const parsed = parseOptions(input.options, input.players);
  if (!parsed.ok) return parsed;
  const options = parsed.options;
  const players = input.players;
  if (!Number.isInteger(input.now) || input.now < 0)
    return { ok: false, error: "now must be a non-negative integer of milliseconds" };
  const seed = input.seed ?? 1;
  if (!Number.isInteger(seed)) return { ok: false, error: "the seed must be an integer" };
  const jokers = has(options, "tahiti");
  let dealer = input.dealer ?? players - 1;
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players)
    return { ok: false, error: `the dealer is a seat from 0 to ${players - 1}` };
  let layout: Required<ClassicSetup>;
  let unused: CardId[] = [];
  if (input.setup) {
    const setup = input.setup;
    const turn = setup.turn ?? 0;
    if (!Number.isInteger(turn) || turn < 0 || turn >= players)
      return { ok: false, error: `the turn is a seat from 0 to ${players - 1}` };
    dealer = (turn + players - 1) % players;
    layout = {
      hands: setup.hands,
      stock: setup.stock,
      table: setup.table ?? [],
      faceUp: setup.faceUp ?? [],
      turn,
      opened: setup.opened ?? [],
    };
    if (layout.hands.length !== players) return { ok: false, error: `give ${players} hands` };
    if (layout.faceUp.length > 0 && !jokers)
      return { ok: false, error: "face-up cards are Tahiti's" };
    const used = new Set<CardId>();
    const lists: [CardId[], string][] = [
      [layout.stock, "stock"],
      [layout.faceUp, "faceUp"],
      ...layout.hands.map((h, s): [CardId[], string] => [h, `hand of seat ${s}`]),
      ...layout.table.map((c, i): [CardId[], string] => [c, `table combination ${i + 1}`]),
    ];
    for (const [list, what] of lists)
      for (const card of list) {
        if (!isClassicCard(card, jokers))
          return {
            ok: false,
            error: `${what}: ${JSON.stringify(card)} is not a card${jokers ? "" : " (jokers are Tahiti's)"}`,
          };
        if (used.has(card))
          return { ok: false, error: `${what}: ${classicName(card)} (card ${card}) is used twice` };
        used.add(card);
      }
    for (const [i, cards] of layout.table.entries()) {
      const check = checkCombination(cards, options.ace);
      if (!check.ok)
        return {
          ok: false,
          error: `table combination ${i + 1} (${labels(cards)}): ${check.reason}`,
        };
    }
    if (!layout.opened.every((s) => Number.isInteger(s) && s >= 0 && s < players))
      return { ok: false, error: "opened lists seats of this game" };
    unused = classicDeck(jokers).filter((c) => !used.has(c));
  } else {
    const dealt = dealRound(options, players, seed, 1, dealer);
    layout = { ...dealt, table: [], turn: (dealer + 1) % players, opened: [] };
  }
  const totals = input.totals ?? Array.from({ length: players }, () => 0);
  if (totals.length !== players || !totals.every((t) => Number.isInteger(t) && t >= 0))
    return { ok: false, error: `give ${players} totals, whole numbers of 0 or more` };
  const state: ClassicState = {
    rules: "classic",
    options,
    seed,
    now: input.now,
    round: 1,
    dealer,
    phase: "turn",
    stock: [...layout.stock],
    hands: layout.hands.map((h) => [...h]),
    table: layout.table.map((cards, i) => ({ id: i + 1, cards: [...cards] })),
    faceUp: [...layout.faceUp],
    opened: Array.from({ length: players }, (_, s) => layout.opened.includes(s)),
    unused,
    turn: layout.turn,
    turnStart: input.now,
    drewFirst: false,
    work: null,
    missed: Array.from({ length: players }, () => 0),
    absent: [],
    quietTurns: 0,
    totals: [...totals],
    rounds: [],
    pause: null,
    result: null,
    nextCombinationId: layout.table.length + 1,
    nextEventId: 1,
  };
  compulsoryDraw(state);
  return { ok: true, state };
}
