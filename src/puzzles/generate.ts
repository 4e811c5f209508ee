// From positions to puzzles: each position solved exactly, kept when its
// answer is interesting, graded, given themes and a key for deduplication.
// Pure and deterministic; the command (src/cli/puzzles.ts) feeds it positions
// from bot games and checks every optimum with HiGHS.

import { type CardId, rankOf, checkMeld, meldRulesFor, mulberry32 } from "@/engine";
import { checkCombination, classicName, FIRST_JOKER, isJoker, withIds } from "@/engine/classic";
import { playRandomHand } from "@/engine/testkit";
import { planSteps } from "../bots/classic/steps";
import { type Hint, solveHint, solveTahiti, type TableMeld } from "../solver";
import { hasJokers } from "./classic";
import { PUZZLE_ACE, type Puzzle, type PuzzlePosition, type PuzzleTheme } from "./types";

/** What the generator needs of an answer: the solver's hint, or Tahiti's with no plan. */
export type Answer = Pick<Hint, "placed" | "moved" | "target" | "plan">;

/** State budgets tried in turn: the first that answers measures the solver's work. */
export const BUDGETS = [2_000, 10_000, 50_000, 250_000] as const;

/** The same position whichever copy of a card it holds and whatever its meld ids. */
export function positionKey(position: PuzzlePosition): string {
  const names = (cards: readonly CardId[]) => cards.map(classicName).sort().join(".");
  const melds = position.table.map((m) => names(m.cards)).sort();
  return `${position.rules[0]}:${melds.join("|")}:${names(position.hand)}`;
}

/** A short id for a key: 64-bit FNV-1a in base 36 (11–13 characters). */
export function puzzleId(key: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < key.length; i++) {
    hash ^= BigInt(key.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(36);
}

/**
 * The table's melds whose cards change: an original meld that ends otherwise
 * (or not at all), and a new meld holding table cards. A new meld of hand
 * cards alone touches nothing.
 */
export function touchedMelds(table: readonly TableMeld[], target: readonly TableMeld[]): number {
  const before = new Map(table.map((m) => [m.id, [...m.cards].sort().join(".")]));
  const onTable = new Set(table.flatMap((m) => m.cards));
  let touched = 0;
  for (const [id, cards] of before) {
    const after = target.find((m) => m.id === id);
    if (!after || [...after.cards].sort().join(".") !== cards) touched++;
  }
  for (const meld of target)
    if (!before.has(meld.id) && meld.cards.some((c) => onTable.has(c))) touched++;
  return touched;
}

/**
 * Worth a puzzle: at least two table cards moved and more than one meld
 * touched. The solver moves the fewest cards among the arrangements placing
 * the most, so a moved count above zero also says that no direct lay (hand
 * cards added to melds, or laid as melds of their own) places as many.
 */
export function isInteresting(table: readonly TableMeld[], hint: Answer): boolean {
  return hint.placed.length > 0 && hint.moved >= 2 && touchedMelds(table, hint.target) > 1;
}

/** What the answer does, for filtering: found by comparing the table before and after. */
export function themesOf(table: readonly TableMeld[], target: readonly TableMeld[]): PuzzleTheme[] {
  const rules = meldRulesFor("machiavelox");
  const jokers = [...table, ...target].some((m) => m.cards.some(isJoker));
  const kind = (cards: readonly CardId[]) => {
    const check = jokers ? checkCombination(cards, PUZZLE_ACE) : checkMeld(rules, cards);
    return check.ok ? check.kind : null;
  };
  const isAce = (c: CardId) => !isJoker(c) && rankOf(c) === 1;
  const home = new Map<CardId, TableMeld>();
  for (const meld of target) for (const c of meld.cards) home.set(c, meld);
  const themes = new Set<PuzzleTheme>();
  for (const meld of table) {
    const ends = new Set(meld.cards.map((c) => home.get(c)!));
    const type = kind(meld.cards);
    if (type === "set") {
      if ([...ends].filter((t) => kind(t.cards) === "run").length >= 2) themes.add("sets-to-runs");
      if (meld.cards.length === 4 && ends.size === 2) themes.add("set-lends");
    } else if ([...ends].filter((t) => kind(t.cards) === "run").length >= 2) {
      themes.add("run-split");
    }
  }
  const aceRun = target.some((m) => kind(m.cards) === "run" && m.cards.some(isAce));
  const acesMoved = table.some((m) => m.cards.some((c) => isAce(c) && home.get(c)!.id !== m.id));
  if (aceRun && acesMoved) themes.add("ace-ends");
  if (jokers) themes.add("jokers");
  return [...themes].sort();
}

/**
 * The puzzle's starting rating: the bigger the answer (cards moved, melds
 * touched, hand cards placed, steps to play it) and the harder the solver
 * worked (the budget it needed), the higher. Lichess-like scale, 600..2600.
 */
export function difficultyOf(hint: Answer, touched: number, effort: number, steps: number): number {
  const rating =
    900 +
    60 * (hint.moved - 2) +
    50 * (touched - 2) +
    30 * (hint.placed.length - 1) +
    10 * steps +
    100 * effort;
  return Math.max(600, Math.min(2600, Math.round(rating)));
}

export type Solved = { hint: Answer; effort: number } | null;

/**
 * The solver's answer at the smallest budget that gives one (null: none, even
 * at the largest). A Tahiti position goes to the jokers' own exact search,
 * whose target takes the ids the classic engine gives (the combination
 * sharing most cards keeps its id) and whose plan is the classic table's
 * steps, not the engine's commands: it stays empty.
 */
export function solveGraded(position: PuzzlePosition): Solved {
  const jokers = hasJokers(position);
  for (const [effort, budget] of BUDGETS.entries()) {
    if (jokers) {
      const result = solveTahiti({
        ace: PUZZLE_ACE,
        table: position.table,
        own: position.hand,
        budget,
      });
      if (result.ok) {
        const { hint } = result;
        const next = Math.max(0, ...position.table.map((m) => m.id)) + 1;
        const target = withIds(position.table, hint.target, next).table.filter(
          (m) => m.cards.length > 0,
        );
        return { hint: { placed: hint.placed, moved: hint.moved, target, plan: [] }, effort };
      }
      if (result.error.code !== "too-complex") return null;
      continue;
    }
    const result = solveHint({
      rules: meldRulesFor(position.rules),
      table: position.table,
      own: position.hand,
      budget,
    });
    if (result.ok) return { hint: result.hint, effort };
    if (result.error.code !== "too-complex") return null;
  }
  return null;
}

/** The steps to play an answer: the engine's commands, or the classic table's cards put or moved. */
function stepsOf(position: PuzzlePosition, hint: Answer): number {
  if (!hasJokers(position)) return hint.plan.length;
  return planSteps(
    position.table,
    hint.target.map((m) => m.cards),
  ).steps.length;
}

/** A puzzle from a position, or null when its answer is not interesting. */
export function puzzleFrom(position: PuzzlePosition, solved: Solved): Puzzle | null {
  if (!solved || !isInteresting(position.table, solved.hint)) return null;
  const { hint, effort } = solved;
  const touched = touchedMelds(position.table, hint.target);
  return {
    id: puzzleId(positionKey(position)),
    key: positionKey(position),
    position,
    solution: { placed: hint.placed, moved: hint.moved, target: hint.target, plan: hint.plan },
    touched,
    difficulty: difficultyOf(hint, touched, effort, stepsOf(position, hint)),
    themes: themesOf(position.table, hint.target),
  };
}

export interface SampleOptions {
  seed: number;
  /** every how many states of the hand a position is taken */
  every?: number;
  /** hand cards per puzzle, at least and at most */
  hand?: [number, number];
}

/**
 * Positions from one hand played by the engine's random players: the table
 * as it stands (its final part: no card on trial) and a few cards of a seat's
 * hand, every `every` states. Each position is dealt under one rule set, taking
 * turns; a classic position needs every meld valid without turning the corner.
 */
export function botPositions(options: SampleOptions): PuzzlePosition[] {
  const random = mulberry32(options.seed ^ 0x5eed);
  const every = options.every ?? 40;
  const [low, high] = options.hand ?? [2, 5];
  const positions: PuzzlePosition[] = [];
  let tick = 0;
  playRandomHand({
    seed: options.seed,
    maxCommands: 4_000,
    check: (state) => {
      if (++tick % every !== 0 || state.base.length < 3) return;
      const ruleSet = positions.length % 2 === 0 ? "machiavelox" : "classic";
      const rules = meldRulesFor(ruleSet);
      const table = state.base.map((m, i) => ({ id: i + 1, cards: [...m.cards] }));
      if (!table.every((m) => checkMeld(rules, m.cards).ok && m.cards.length <= rules.maxRunLength))
        return;
      const seat = state.players[Math.floor(random() * state.players.length)]!;
      const pool = [...seat.hand];
      const size = low + Math.floor(random() * (high - low + 1));
      if (pool.length < size) return;
      const hand: CardId[] = [];
      while (hand.length < size) hand.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
      positions.push({ rules: ruleSet, table, hand });
    },
  });
  return positions;
}

/**
 * A Tahiti version of a classic position (classic §8): a joker takes the place
 * of one table card, in a combination it keeps valid (the card leaves the
 * game), and half the time a second joker joins the hand. Null when no
 * combination can take one.
 */
export function withJokers(position: PuzzlePosition, seed: number): PuzzlePosition | null {
  if (position.rules !== "classic") return null;
  const random = mulberry32(seed ^ 0x70ce4);
  const places = position.table.flatMap((m, meld) => m.cards.map((_, at) => ({ meld, at })));
  while (places.length > 0) {
    const { meld, at } = places.splice(Math.floor(random() * places.length), 1)[0]!;
    const cards = position.table[meld]!.cards.map((c, i) => (i === at ? FIRST_JOKER : c));
    if (!checkCombination(cards, PUZZLE_ACE).ok) continue;
    const table = position.table.map((m, i) => (i === meld ? { id: m.id, cards } : m));
    const hand = random() < 0.5 ? [...position.hand, FIRST_JOKER + 1] : [...position.hand];
    return { rules: "classic", table, hand };
  }
  return null;
}
