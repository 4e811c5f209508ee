// Which places light up for the card in the player's hand or fingers, as the rules
// decide (docs/rules-decisions.md §5.2 and §6 "Where it cannot go"). Only a guide for
// the eye: a drop elsewhere still goes to the server, which answers with its reason.

import { couldBecomeMeld, MACHIAVELOX_MELDS, type MeldView } from "@/engine";
import type { Destination, Source } from "./actions";

/**
 * A hand card may go onto any meld, valid or not (it is judged later) but never to a free
 * space; a declared card anywhere on the table; a table card only into a meld that, with it
 * and without the cards on trial there, could still become a valid meld, or to a free space.
 */
export function mayDrop(source: Source, dest: Destination, table: readonly MeldView[]): boolean {
  if (dest.to === "hand" || dest.to === "staging") return false;
  if (dest.to === "new") return source.from !== "hand";
  if (source.from !== "table") return true;
  if (dest.meld === source.meld) return false;
  const meld = table.find((m) => m.id === dest.meld);
  if (!meld) return false;
  const settled = meld.cards.filter((c) => c.onTrialFor === null).map((c) => c.card);
  return couldBecomeMeld(MACHIAVELOX_MELDS, [...settled, source.card]);
}
