// The Hint for classic (friendly and practice games): the best placement of
// the mover's hand on the current table — most own cards placed, then fewest
// table cards moved — as a target table and the step commands that get there.
// Pure: the server's Hint procedure calls it with the mover's own view and the
// state's next combination id, and shows or replays the commands.

import { type CardId } from "@/engine";
import { type ClassicCommand, type CombinationId, type ClassicView } from "@/engine/classic";
import { bestPlacement, type ClassicSeatView } from "./placement";
import { planCommands, planSteps } from "./steps";

export interface ClassicHint {
  /** Hand cards the best placement puts on the table; empty when nothing fits (draw). */
  placed: CardId[];
  /** Table cards that end in another combination than their own. */
  moved: number;
  /** The whole table afterwards. */
  target: CardId[][];
  /** put/move commands from the table as it is to the target, then end; empty when nothing fits. */
  commands: ClassicCommand[];
}

export type ClassicHintResult =
  | { ok: true; hint: ClassicHint }
  | { ok: false; error: { code: "not-now" | "too-complex"; reason: string } };

/**
 * `view` is the asking seat's own view (classicViewFor), before it has started
 * to play this turn; `nextCombinationId` the state's, so the commands name the
 * combinations they create exactly as the engine will.
 */
export function classicHint(
  view: ClassicView,
  nextCombinationId: CombinationId,
): ClassicHintResult {
  if (!view.you || view.phase !== "turn" || view.turn !== view.you.seat || view.work)
    return {
      ok: false,
      error: { code: "not-now", reason: "a hint is for your own turn, before you play" },
    };
  const best = bestPlacement(view as ClassicSeatView);
  if (!best.ok) return { ok: false, error: { code: "too-complex", reason: best.reason } };
  const table = view.table.map((c) => [...c.cards]);
  if (!best.placement)
    return { ok: true, hint: { placed: [], moved: 0, target: table, commands: [] } };
  const { placed, target } = best.placement;
  const plan = planSteps(view.table, target);
  return {
    ok: true,
    hint: {
      placed,
      moved: best.moved,
      target,
      commands: planCommands(plan, [...view.you.hand, ...view.faceUp], nextCombinationId),
    },
  };
}
