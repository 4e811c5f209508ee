// A small table model that replays a plan the way the engine would judge it,
// for checking plans (tests) and for stepping through a hint (the UI). It knows
// only one player's play: no opponents, no timers.

import { type CardId, cardName, checkMeld, couldBecomeMeld, type MeldRules } from "@/engine";
import { defaultNextMeldId, type PlanAction, type TableMeld, tooLongRun } from "./plan";

export interface ReplayStart {
  rules: MeldRules;
  table: readonly TableMeld[];
  hand: readonly CardId[];
  /** the id the next new meld gets (default, as for the solver: the largest on the table + 1) */
  nextMeldId?: number;
}

export type ReplayResult =
  { ok: true; table: TableMeld[]; hand: CardId[] } | { ok: false; step: number; reason: string };

export function replayPlan(start: ReplayStart, plan: readonly PlanAction[]): ReplayResult {
  const { rules } = start;
  const table = new Map(start.table.map((m) => [m.id, [...m.cards]]));
  const hand = new Set(start.hand);
  const staging = new Set<CardId>();
  let nextId = start.nextMeldId ?? defaultNextMeldId(start.table);
  const put = (to: number | "new", card: CardId): number => {
    const id = to === "new" ? nextId++ : to;
    table.set(id, [...(table.get(id) ?? []), card]);
    return id;
  };
  for (const [step, action] of plan.entries()) {
    const fail = (reason: string): ReplayResult => ({ ok: false, step, reason });
    const name = "card" in action ? cardName(action.card) : "";
    let touched: number | null = null;
    switch (action.do) {
      case "stage":
        if (!hand.delete(action.card)) return fail(`${name} is not in the hand`);
        staging.add(action.card);
        break;
      case "lay": {
        if (action.cards.some((c) => !staging.has(c))) return fail("lay: a card is not staged");
        if (!checkMeld(rules, action.cards).ok) return fail("lay: not a valid meld");
        for (const c of action.cards) staging.delete(c);
        touched = nextId++;
        table.set(touched, [...action.cards]);
        break;
      }
      case "add":
        if (staging.size > 0) return fail("add: the staging area holds cards (§5.3)");
        if (!table.has(action.meld)) return fail(`add: no meld ${action.meld}`);
        if (!hand.delete(action.card)) return fail(`${name} is not in the hand`);
        touched = put(action.meld, action.card);
        if (!checkMeld(rules, table.get(touched)!).ok)
          return fail(`add: meld ${touched} is invalid`);
        break;
      case "move": {
        if (staging.size === 0) return fail("move: nothing declared (§5.3)");
        const from = table.get(action.from);
        if (!from?.includes(action.card)) return fail(`${name} is not in meld ${action.from}`);
        if (action.to !== "new") {
          const to = table.get(action.to);
          if (!to || action.to === action.from) return fail(`move: cannot go to meld ${action.to}`);
          if (!couldBecomeMeld(rules, [...to, action.card]))
            return fail(`move: ${name} can never fit meld ${action.to} (§6)`);
        }
        table.set(
          action.from,
          from.filter((c) => c !== action.card),
        );
        touched = put(action.to, action.card);
        break;
      }
      case "place":
        if (!staging.delete(action.card)) return fail(`${name} is not staged`);
        if (!table.has(action.to))
          return fail(`place: no meld ${action.to} (a single own card never opens a meld)`);
        touched = put(action.to, action.card);
        break;
    }
    if (touched !== null && tooLongRun(rules, table.get(touched)!))
      return fail(`meld ${touched} became a run too long to stay whole`);
  }
  // The engine ends the play once the staging area is empty and the table valid.
  const fail = (reason: string): ReplayResult => ({ ok: false, step: plan.length, reason });
  if (staging.size > 0) return fail("staged cards were not placed");
  const bad = [...table].find(([, cards]) => cards.length > 0 && !checkMeld(rules, cards).ok);
  if (bad) return fail(`meld ${bad[0]} is invalid at the end`);
  const melds = [...table]
    .filter(([, cards]) => cards.length > 0)
    .map(([id, cards]) => ({ id, cards }));
  return { ok: true, table: melds, hand: [...hand, ...staging] };
}
