// The hint solver: the most own cards that can go onto the table so that every
// meld is valid again, moving as few table cards as possible, with a plan of
// engine commands that gets there. Pure and deterministic, like the engine.

import { type CardId, cardName, isCardId, checkMeld, type MeldRules } from "@/engine";
import { concatenated } from "./arrays";
import { tooComplexReason } from "./errors";
import type { OriginalMeld } from "./layout";
import { keptCards, matchMelds } from "./matching";
import {
  buildPlan,
  defaultNextMeldId,
  type HintErrorCode,
  type MeldId,
  type PlanAction,
  type TableMeld,
} from "./plan";
import { solveExact } from "./search";

export type { HintErrorCode, PlanAction, TableMeld, MeldId } from "./plan";
export { replayPlan, type ReplayResult } from "./replay";
export { solveTahiti, type TahitiHint, type TahitiInput, type TahitiResult } from "./tahiti";

export interface HintInput {
  rules: MeldRules;
  /** the melds on the table; every card must stay on the table */
  table: readonly TableMeld[];
  /** the cards the player may add: the hand, or the hand and the staging area */
  own: readonly CardId[];
  /** the id the next new meld will get (default: the largest id on the table + 1) */
  nextMeldId?: MeldId;
  /** states the programme may hold at once before it gives up (default 400,000) */
  budget?: number;
}

export interface Hint {
  /** own cards the best arrangement places */
  placed: CardId[];
  /** table cards that end in another meld than their own (docs/solver.md) */
  moved: number;
  /** the whole table afterwards, with the ids the plan gives the melds */
  target: TableMeld[];
  /** engine commands from the table as it is to the target; empty when nothing fits */
  plan: PlanAction[];
}

export type HintResult =
  { ok: true; hint: Hint } | { ok: false; error: { code: HintErrorCode; reason: string } };

export function solveHint(input: HintInput): HintResult {
  const { rules, table, own } = input;
  const fail = (code: HintErrorCode, reason: string): HintResult => ({
    ok: false,
    error: { code, reason },
  });
  const seen = new Set<CardId>();
  for (const card of [...concatenated(table.map((m) => m.cards)), ...own]) {
    if (!isCardId(card)) return fail("bad-card", `not a card id: ${JSON.stringify(card)}`);
    if (seen.has(card)) return fail("duplicate-card", `${cardName(card)} (${card}) appears twice`);
    seen.add(card);
  }
  const ids = new Set<MeldId>();
  const melds: OriginalMeld[] = [];
  for (const meld of table) {
    if (!Number.isInteger(meld.id) || meld.id <= 0 || ids.has(meld.id))
      return fail("bad-meld-id", `meld ids must be distinct positive integers: ${meld.id}`);
    ids.add(meld.id);
    const check = checkMeld(rules, meld.cards);
    if (!check.ok) return fail("invalid-meld", `meld ${meld.id}: ${check.reason}`);
    if (check.kind === "run" && check.ordered.length > rules.maxRunLength)
      return fail("invalid-meld", `meld ${meld.id}: a run longer than ${rules.maxRunLength} cards`);
    melds.push({ kind: check.kind, cards: check.ordered });
  }
  const least = defaultNextMeldId(table);
  const nextMeldId = input.nextMeldId ?? least;
  if (!Number.isInteger(nextMeldId) || nextMeldId < least)
    return fail("bad-meld-id", `the next meld id must be above ${least - 1}: ${nextMeldId}`);

  const exact = solveExact(rules, melds, own, input.budget ?? 400_000);
  if (exact.kind === "too-complex")
    return fail(
      "too-complex",
      `no exact answer within the budget: ${tooComplexReason(exact.states)}`,
    );
  const { best } = exact;
  const ownSet = new Set(own);
  const target = best.melds.map((cards) => {
    const check = checkMeld(rules, cards);
    if (!check.ok) throw new Error(`internal: the solver built an invalid meld: ${check.reason}`);
    return check.ordered;
  });
  const original = melds.map((m) => m.cards);
  const match = matchMelds(original, target);
  const kept = keptCards(original, target, match);
  // The programme's own count of kept cards is optimal; the matching must reach it.
  if (kept !== best.kept) throw new Error(`internal: kept ${kept}, expected ${best.kept}`);
  const placed = concatenated(target).filter((c) => ownSet.has(c));
  const plan = buildPlan({
    rules,
    table,
    target,
    match,
    own: new Set(placed),
    nextMeldId,
  });
  return {
    ok: true,
    hint: {
      placed,
      moved: concatenated(original).length - kept,
      target: plan.target,
      plan: plan.actions,
    },
  };
}
