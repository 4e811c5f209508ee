// What the Hint checks on the table the server shows: whether the cards it was asked about
// have changed, and whether a plan it played left a meld it worked on invalid.

import { NEW_MELD, type Step } from "@/bots/plan";
import { type MeldId, type HandView } from "@/engine";

/** The own cards and the table's cards, as one string that changes when any of them does. */
export function cardsKey(view: HandView): string {
  const own = view.you ? `${view.you.hand.join(",")}|${view.you.staging.join(",")}` : "";
  return `${own}|${view.table.map((meld) => meld.cards.map((c) => c.card).join(",")).join(";")}`;
}

/**
 * The melds a plan works on once it has run: those it names on the table, and the new ones
 * its own cards are in now (a new meld's id is only known once it is laid).
 */
function workedOn(steps: readonly Step[], view: HandView): ReadonlySet<MeldId> {
  const named = steps.flatMap((s) =>
    s.do === "add" ? [s.meld] : s.do === "move" ? [s.from, s.to] : s.do === "place" ? [s.to] : [],
  );
  const cards = new Set(
    steps.flatMap((s) => (s.do === "lay" ? s.cards : "card" in s ? [s.card] : [])),
  );
  const holding = view.table.filter((meld) => meld.cards.some((c) => cards.has(c.card)));
  return new Set([
    ...named.filter((id): id is MeldId => id !== "new" && id < NEW_MELD),
    ...holding.map((meld) => meld.id),
  ]);
}

/** Whether a meld the played plan worked on is not valid on this table (not "done" then). */
export function leftInvalid(steps: readonly Step[], view: HandView): boolean {
  const melds = workedOn(steps, view);
  return view.table.some((meld) => !meld.valid && melds.has(meld.id));
}
