// A puzzle as stored and served: a table and a hand under one meld rule set,
// with the solver's best answer (most hand cards placed, fewest table cards
// moved) and the plan that reaches it, which the UI replays step by step.

import { type CardId, type RuleSetId } from "@/engine";
import type { AceRule } from "@/engine/classic";
import type { PlanAction, TableMeld } from "../solver";

/** Classic puzzles take classic §2's Ace: low or high, never round the corner. */
export const PUZZLE_ACE: AceRule = "low-or-high";

/** Classic positions may hold Tahiti's jokers (classic §8): ids 104–107. */
export interface PuzzlePosition {
  rules: RuleSetId;
  table: TableMeld[];
  hand: CardId[];
}

export interface PuzzleSolution {
  /** hand cards the best arrangement places (their number is the most possible) */
  placed: CardId[];
  /** table cards it moves (the fewest among arrangements placing that many) */
  moved: number;
  /** the table afterwards */
  target: TableMeld[];
  /** the solver's plan from the position to the target */
  plan: PlanAction[];
}

/** What an answer does, to filter by; `jokers`: a Tahiti position (classic §8). */
export const PUZZLE_THEMES = [
  "sets-to-runs", // sets regrouped into runs
  "run-split", // a long run split
  "set-lends", // a set of four lending a card
  "ace-ends", // the Ace at either end of runs
  "jokers", // Tahiti's jokers in play
] as const;

export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

export interface Puzzle {
  /** short and stable: a hash of the key (the share link's id) */
  id: string;
  /** the position whatever its copies and meld ids (positionKey) */
  key: string;
  position: PuzzlePosition;
  solution: PuzzleSolution;
  /** melds of the table whose cards change */
  touched: number;
  /** the starting puzzle rating, from the solution's size and the solver's work */
  difficulty: number;
  themes: PuzzleTheme[];
}
