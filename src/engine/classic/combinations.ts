// Valid combinations (classic §2): sets of 3–4 cards of one rank in different
// suits, runs of 3 or more of one suit in order. The Ace's place is a game
// setting (low or high by default, low only, or round the corner), and a
// Tahiti combination may hold one joker (classic §8), which stands for the
// card that makes it valid. Every verdict says why, in the players' words.

import { type CardId, RANK_NAMES, rankOf, suitOf } from "../cards";
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

/**
 * The run of n ranks holding the given distinct ranks that the Ace rule allows and that
 * counts most (ties: the lowest), as its ranks in order; null when there is none. Bit b of
 * a mask is rank b+1, bit 13 the Ace above the King: one check per place a run may start.
 */
function bestRun(ranks: readonly number[], n: number, ace: AceRule): number[] | null {
  let mask = 0;
  for (const r of ranks) mask |= 1 << (r - 1);
  const high = mask & 1 ? (mask & ~1) | (1 << 13) : mask;
  const full = (1 << n) - 1;
  let best = -1;
  let bestPoints = -1;
  const starts = ace === "corner" ? 13 : (ace === "low" ? 13 : 14) - n + 1;
  for (let start = 0; start < starts; start++) {
    let fits: boolean;
    if (ace === "corner") {
      const window = ((full << start) | (full >>> (13 - start))) & 0x1fff;
      fits = (mask & ~window) === 0;
    } else {
      const window = full << start;
      fits = (mask & ~window) === 0 || (ace === "low-or-high" && (high & ~window) === 0);
    }
    if (!fits) continue;
    let points = 0;
    for (let i = 0; i < n; i++) points += openingPoints(((start + i) % 13) + 1);
    if (points > bestPoints) [best, bestPoints] = [start, points];
  }
  return best < 0 ? null : Array.from({ length: n }, (_, i) => ((best + i) % 13) + 1);
}

function checkRun(cards: readonly CardId[], real: CardId[], ace: AceRule): CombinationCheck {
  let seen = 0;
  for (const card of real) {
    const bit = 1 << rankOf(card);
    if (seen & bit) return { ok: false, reason: `two ${label(card)} in one run` };
    seen |= bit;
  }
  if (cards.length > MAX_RUN)
    return { ok: false, reason: `a run has at most ${MAX_RUN} cards: ${labels(cards)}` };
  const ranks = real.map(rankOf);
  const run = bestRun(ranks, cards.length, ace);
  if (!run) return { ok: false, reason: runFailure(cards, ranks, ace) };
  const joker = cards.find(isJoker);
  const ordered = run.map((r) => real.find((c) => rankOf(c) === r) ?? joker!);
  const points = run.reduce((sum, r) => sum + openingPoints(r), 0);
  return { ok: true, kind: "run", ordered, points };
}

/** Why cards of one suit, each rank once, are no run under the Ace rule. */
function runFailure(cards: readonly CardId[], ranks: number[], ace: AceRule): string {
  const fitsWith = (rule: AceRule) => bestRun(ranks, cards.length, rule) !== null;
  if (ace === "low" && fitsWith("low-or-high"))
    return `the Ace is low only in this game: ${labels(cards)} is not a run`;
  if (ace !== "corner" && ranks.includes(1) && fitsWith("corner")) {
    const around = [...ranks].sort((a, b) => ((a + 6) % 13) - ((b + 6) % 13));
    return `${around.map((r) => RANK_NAMES[r - 1]).join("-")} is not a run: it turns the corner`;
  }
  return `${labels(cards)} is not a run: the ranks are not consecutive`;
}
