// A classic game's settings (classic §3, §6, §8): the variants, combined where
// they do not contradict, and the house options players ask for — the Ace
// rule, the penalty, the hand size, a turn time limit, the target.

import { ACE_RULES, type AceRule } from "./combinations";

export type Variant = "thirty-six" | "guadalupe" | "tahiti" | "draw-first";
export const VARIANTS: readonly Variant[] = ["thirty-six", "guadalupe", "tahiti", "draw-first"];

/** Pairs of variants that contradict each other, and why (docs/rules-decisions.md). */
const CONTRADICTIONS: [Variant, Variant, string][] = [
  ["guadalupe", "tahiti", "Guadalupe is played without jokers, Tahiti with four"],
  [
    "guadalupe",
    "draw-first",
    "Guadalupe's draws come at the end of the turn, Draw first's at its start",
  ],
];

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;
/** Classic §3: 13 cards each for 2 to 5 players. */
export const STANDARD_HAND = 13;
/** Classic §3: "with more than 5 players, deal fewer cards, at least 3". Our deal sizes. */
export const LARGE_TABLE_HANDS: Record<number, number> = { 6: 11, 7: 10, 8: 9 };
/** Classic §8: Guadalupe and Tahiti deal 5 cards each. */
export const SHORT_HAND = 5;
export const MIN_HAND = 3;
/** Classic §8 (Tahiti): four cards face up on the table. */
export const FACE_UP_CARDS = 4;
/** Classic §4: a failed move draws 3. */
export const STANDARD_PENALTY = 3;
export const MAX_PENALTY = 10;
/** Classic §6: the game ends when somebody reaches 25 points. */
export const STANDARD_TARGET = 25;
/** Thirty-Six's opening (classic §8). */
export const OPENING_POINTS = 36;

export interface ClassicOptions {
  variants: Variant[];
  ace: AceRule;
  penalty: number;
  /** Cards dealt to each player; null: the rules' number for the variant and the table. */
  handSize: number | null;
  /** Milliseconds a turn may last, or null for no limit. */
  turnLimit: number | null;
  /** Rounds are played until somebody reaches it; null: a single round. */
  target: number | null;
  /**
   * Ranked games: turns timed out in a row, without a command of the player's own, after which
   * the player is out of the round with its worst score (docs/rules-decisions.md); null: never.
   */
  absentOut: number | null;
}

export const STANDARD_OPTIONS: ClassicOptions = {
  variants: [],
  ace: "low-or-high",
  penalty: STANDARD_PENALTY,
  handSize: null,
  turnLimit: null,
  target: STANDARD_TARGET,
  absentOut: null,
};

export function has(options: ClassicOptions, variant: Variant): boolean {
  return options.variants.includes(variant);
}

/** The hand dealt to each of `players`. */
export function handSizeFor(options: ClassicOptions, players: number): number {
  if (options.handSize !== null) return options.handSize;
  if (has(options, "guadalupe") || has(options, "tahiti")) return SHORT_HAND;
  return LARGE_TABLE_HANDS[players] ?? STANDARD_HAND;
}

/** Checks settings given as plain data; fills in what is left out. */
export function parseOptions(
  input: Partial<ClassicOptions> | undefined,
  players: number,
): { ok: true; options: ClassicOptions } | { ok: false; error: string } {
  const options: ClassicOptions = { ...STANDARD_OPTIONS, ...input };
  const fail = (error: string) => ({ ok: false, error }) as const;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS)
    return fail(`classic Machiavelli is played by ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  if (!Array.isArray(options.variants)) return fail("variants must be a list");
  for (const v of options.variants)
    if (!VARIANTS.includes(v)) return fail(`unknown variant ${JSON.stringify(v)}`);
  for (const [a, b, why] of CONTRADICTIONS)
    if (has(options, a) && has(options, b)) return fail(`${a} and ${b} do not combine: ${why}`);
  options.variants = VARIANTS.filter((v) => options.variants.includes(v));
  if (!ACE_RULES.includes(options.ace))
    return fail(`the Ace rule is one of ${ACE_RULES.join(", ")}`);
  if (!Number.isInteger(options.penalty) || options.penalty < 0 || options.penalty > MAX_PENALTY)
    return fail(`the penalty is 0 to ${MAX_PENALTY} cards`);
  if (
    options.handSize !== null &&
    (!Number.isInteger(options.handSize) ||
      options.handSize < MIN_HAND ||
      options.handSize > STANDARD_HAND)
  )
    return fail(`the hand size is ${MIN_HAND} to ${STANDARD_HAND} cards`);
  if (
    options.turnLimit !== null &&
    (!Number.isInteger(options.turnLimit) || options.turnLimit < 5_000)
  )
    return fail("the turn limit is a whole number of milliseconds, at least 5 s, or none");
  if (options.target !== null && (!Number.isInteger(options.target) || options.target < 1))
    return fail("the target is a positive number of points, or none for a single round");
  if (options.absentOut !== null && (!Number.isInteger(options.absentOut) || options.absentOut < 1))
    return fail("the turns missed before a player is out are a positive whole number, or none");
  return { ok: true, options };
}
