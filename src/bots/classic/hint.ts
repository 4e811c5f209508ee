// The Hint for classic (friendly and practice games): the best placement of
// the mover's hand on the current table — most own cards placed, then fewest
// table cards moved — as a target table and the steps that get there, one card
// at a time (followStep gives each step's command from the table as it is then).
// Pure: the server's Hint runs it on the asking seat's own view.

import { type CardId } from "@/engine";
import { type ClassicView } from "@/engine/classic";
import { bestPlacement, type ClassicSeatView } from "./placement";
import { planSteps, type StepPlan } from "./steps";

export interface ClassicHint {
  /** Hand cards the best placement puts on the table; empty when nothing fits (draw). */
  placed: CardId[];
  /** Table cards that end in another combination than their own. */
  moved: number;
  /** The steps from the table as it is to the whole table afterwards (`plan.target`). */
  plan: StepPlan;
}

export type ClassicHintResult =
  | { ok: true; hint: ClassicHint }
  | {
      ok: false;
      error: { code: "not-now" | "started" | "ace-rule" | "too-complex"; reason: string };
    };

/** `view` is the asking seat's own view (classicViewFor), before it has started to play this turn. */
export function classicHint(view: ClassicView): ClassicHintResult {
  if (!view.you || view.phase !== "turn" || view.turn !== view.you.seat)
    return { ok: false, error: { code: "not-now", reason: "a hint is for your own turn" } };
  // The plan starts from the table as the turn began: a turn under way is reset first.
  if (view.work)
    return {
      ok: false,
      error: { code: "started", reason: "a hint is for the start of your turn: reset it first" },
    };
  if (view.options.ace !== "low-or-high")
    return {
      ok: false,
      error: { code: "ace-rule", reason: "the solver knows only the Ace low or high" },
    };
  const best = bestPlacement(view as ClassicSeatView);
  if (!best.ok) return { ok: false, error: { code: "too-complex", reason: best.reason } };
  const table = view.table.map((c) => [...c.cards]);
  const { placed, target } = best.placement ?? { placed: [], target: table };
  return {
    ok: true,
    hint: { placed, moved: best.placement ? best.moved : 0, plan: planSteps(view.table, target) },
  };
}
