// Valid combinations (classic §2): sets of 3–4 cards of one rank in different
// suits, runs of 3 or more of one suit in order. The Ace's place is a game
// setting (low or high by default, low only, or round the corner), and a
// Tahiti combination may hold one joker (classic §8), which stands for the
// card that makes it valid. Every verdict says why, in the players' words.

import { type CardId, rankOf, suitOf } from "../cards";
import { MIN_MELD } from "../melds";
import { isJoker, label, labels, openingPoints } from "./cards";

/** Where the Ace may sit in a run: classic §2 (low or high, never the corner), or a house rule. */
export type AceRule = "low-or-high" | "low" | "corner";
export const ACE_RULES: readonly AceRule[] = ["low-or-high", "low", "corner"];

export const MAX_SET = 4;
export const MAX_RUN = 13;

export type CombinationCheck =
  | {
      ok: true;
      kind: "set" | "run";
      /** Reading order, the joker in the place it stands for. */
      ordered: CardId[];
      /** Thirty-Six's count, a joker counting as the card it stands for (classic §8). */
      points: number;
    }
  | { ok: false; reason: string };

const RANK_LETTERS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

export function checkCombination(cards: readonly CardId[], ace: AceRule): CombinationCheck {
  if (cards.length < MIN_MELD)
    return {
      ok: false,
      reason: `a combination needs at least ${MIN_MELD} cards: ${labels(cards) || "empty"}`,
    };
  const real = cards.filter((c) => !isJoker(c));
  const jokers = cards.length - real.length;
  if (jokers > 1) return { ok: false, reason: `only one joker per combination: ${labels(cards)}` };
  const first = real[0]!;
  if (real.every((c) => rankOf(c) === rankOf(first))) return checkSet(cards, real);
  if (real.every((c) => suitOf(c) === suitOf(first))) return checkRun(cards, real, ace);
  return {
    ok: false,
    reason: `${labels(cards)} is neither a set (one rank) nor a run (one suit)`,
  };
}

function checkSet(cards: readonly CardId[], real: CardId[]): CombinationCheck {
  const twice = real.find((c, i) => real.findIndex((d) => suitOf(d) === suitOf(c)) !== i);
  if (twice !== undefined) return { ok: false, reason: `two ${label(twice)} in one set` };
  if (cards.length > MAX_SET)
    return { ok: false, reason: `a set has at most ${MAX_SET} cards: ${labels(cards)}` };
  const suitOrder = "SHDC";
  const ordered = [...real].sort(
    (a, b) => suitOrder.indexOf(suitOf(a)) - suitOrder.indexOf(suitOf(b)),
  );
  if (ordered.length < cards.length) ordered.push(cards.find(isJoker)!);
  return { ok: true, kind: "set", ordered, points: openingPoints(rankOf(real[0]!)) * cards.length };
}

/** The runs of n ranks the Ace rule allows, as lists of ranks (1..13) in order. */
function windows(n: number, ace: AceRule): number[][] {
  const list: number[][] = [];
  const top = ace === "low" ? 13 : ace === "low-or-high" ? 14 : 13 + n - 1;
  for (let start = 1; start + n - 1 <= top && start <= 13; start++)
    list.push(Array.from({ length: n }, (_, i) => ((start - 1 + i) % 13) + 1));
  return list;
}

function checkRun(cards: readonly CardId[], real: CardId[], ace: AceRule): CombinationCheck {
  const twice = real.find((c, i) => real.findIndex((d) => rankOf(d) === rankOf(c)) !== i);
  if (twice !== undefined) return { ok: false, reason: `two ${label(twice)} in one run` };
  if (cards.length > MAX_RUN)
    return { ok: false, reason: `a run has at most ${MAX_RUN} cards: ${labels(cards)}` };
  const ranks = new Set(real.map(rankOf));
  let best: { ranks: number[]; points: number } | null = null;
  for (const window of windows(cards.length, ace)) {
    if (![...ranks].every((r) => window.includes(r))) continue;
    const points = window.reduce((sum, r) => sum + openingPoints(r), 0);
    if (!best || points > best.points) best = { ranks: window, points };
  }
  if (!best) return { ok: false, reason: runFailure(cards, ranks, ace) };
  const joker = cards.find(isJoker);
  const ordered = best.ranks.map((r) => real.find((c) => rankOf(c) === r) ?? joker!);
  return { ok: true, kind: "run", ordered, points: best.points };
}

/** Why cards of one suit, each rank once, are no run under the Ace rule. */
function runFailure(cards: readonly CardId[], ranks: Set<number>, ace: AceRule): string {
  const fitsWith = (rule: AceRule) =>
    windows(cards.length, rule).some((w) => [...ranks].every((r) => w.includes(r)));
  if (ace === "low" && fitsWith("low-or-high"))
    return `the Ace is low only in this game: ${labels(cards)} is not a run`;
  if (ace !== "corner" && ranks.has(1) && fitsWith("corner")) {
    const around = [...ranks].sort((a, b) => ((a + 6) % 13) - ((b + 6) % 13));
    return `${around.map((r) => RANK_LETTERS[r - 1]).join("-")} is not a run: it turns the corner`;
  }
  return `${labels(cards)} is not a run: the ranks are not consecutive`;
}
