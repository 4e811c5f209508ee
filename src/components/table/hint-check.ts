// What the Hint checks on the table the server shows: whether the cards it was asked about
// have changed, and whether a plan it played left a meld it worked on invalid; and its steps
// in the player's words.

import { NEW_MELD, type Step } from "@/bots/plan";
import { type MeldId, type HandView } from "@/engine";
import type { Translator } from "@/i18n/types";
import { shortName } from "./notices";

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

/** A plan's step in words, melds by their numbers on the table; melds it creates are "new". */
export function describeStep(
  t: Translator,
  step: Step,
  meldNumber: (id: MeldId) => number,
): string {
  const meld = (id: MeldId | "new") =>
    id === "new" || id >= NEW_MELD ? t("hint.newMeld") : t("hint.meld", { n: meldNumber(id) });
  switch (step.do) {
    case "stage":
      return t("hint.steps.stage", { card: shortName(step.card) });
    case "unstage":
      return t("hint.steps.unstage", { card: shortName(step.card) });
    case "lay":
      return t("hint.steps.lay", { cards: step.cards.map(shortName).join(" ") });
    case "add":
      return t("hint.steps.add", { card: shortName(step.card), meld: meld(step.meld) });
    case "move":
      return t("hint.steps.move", {
        card: shortName(step.card),
        from: meld(step.from),
        to: meld(step.to),
      });
    case "place":
      return t("hint.steps.place", { card: shortName(step.card), meld: meld(step.to) });
  }
}
