// The Hint's answer as the server sends it and the table shows it.

import type { Step } from "@/bots/plan";
import type { TableMeld } from "@/bots/seat";
import type { CardId } from "@/engine";

/**
 * The Hint's answer. A placement: the own cards it places, how many table cards
 * it moves, the melds as they end up (only those that change; new melds carry
 * ids from NEW_MELD up, in creation order) and the engine commands that get
 * there, for the table to send one at a time (src/bots/plan.ts).
 */
export type HintAnswer =
  | {
      kind: "placement";
      placed: CardId[];
      moved: number;
      melds: TableMeld[];
      steps: Step[];
      /** It would empty the hand with no meld of the seat's own ever laid: elimination (§8). */
      eliminates: boolean;
    }
  /** The seat may not play now (frozen, out of the hand, the hand over). */
  | { kind: "cannot-play" }
  /** No own card can go onto the table. */
  | { kind: "none" }
  /** Too many possibilities to find the best placement in time. */
  | { kind: "too-complex" };
