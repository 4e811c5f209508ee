// From positions to puzzles: each position solved exactly, kept when its
// answer is interesting, graded, given themes and a key for deduplication.
// Pure and deterministic; the command (src/cli/puzzles.ts) feeds it positions
// from bot games and checks every optimum with HiGHS.

import { type CardId, cardName, rankOf, checkMeld, meldRulesFor, mulberry32 } from "@/engine";
import { playRandomHand } from "@/engine/testkit";
import { type Hint, solveHint, type TableMeld } from "../solver";
import type { Puzzle, PuzzlePosition, PuzzleTheme } from "./types";

/** State budgets tried in turn: the first that answers measures the solver's work. */
export const BUDGETS = [2_000, 10_000, 50_000, 250_000] as const;

/** The same position whichever copy of a card it holds and whatever its meld ids. */
export function positionKey(position: PuzzlePosition): string {
  const names = (cards: readonly CardId[]) => cards.map(cardName).sort().join(".");
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
export function isInteresting(table: readonly TableMeld[], hint: Hint): boolean {
  return hint.placed.length > 0 && hint.moved >= 2 && touchedMelds(table, hint.target) > 1;
}

/** What the answer does, for filtering: found by comparing the table before and after. */
export function themesOf(table: readonly TableMeld[], target: readonly TableMeld[]): PuzzleTheme[] {
  const rules = meldRulesFor("machiavelox");
  const kind = (cards: readonly CardId[]) => {
    const check = checkMeld(rules, cards);
    return check.ok ? check.kind : null;
  };
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
  const aceRun = target.some(
    (m) => kind(m.cards) === "run" && m.cards.some((c) => rankOf(c) === 1),
  );
  const acesMoved = table.some((m) =>
    m.cards.some((c) => rankOf(c) === 1 && home.get(c)!.id !== m.id),
  );
  if (aceRun && acesMoved) themes.add("ace-ends");
  return [...themes].sort();
}

/**
 * The puzzle's starting rating: the bigger the answer (cards moved, melds
 * touched, hand cards placed) and the harder the solver worked (the budget it
 * needed), the higher. Lichess-like scale, 600..2600.
 */
export function difficultyOf(hint: Hint, touched: number, effort: number): number {
  const rating =
    900 +
    60 * (hint.moved - 2) +
    50 * (touched - 2) +
    30 * (hint.placed.length - 1) +
    10 * hint.plan.length +
    100 * effort;
  return Math.max(600, Math.min(2600, Math.round(rating)));
}

export type Solved = { hint: Hint; effort: number } | null;

/** The solver's answer at the smallest budget that gives one (null: none, even at the largest). */
export function solveGraded(position: PuzzlePosition): Solved {
  for (const [effort, budget] of BUDGETS.entries()) {
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
    difficulty: difficultyOf(hint, touched, effort),
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
