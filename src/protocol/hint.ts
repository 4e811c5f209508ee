// The Hint's answer as the server sends it and the table shows it.

import type { StepPlan } from "@/bots/classic/steps";
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

/**
 * Classic's Hint: the hand cards its best placement puts on the table, how many
 * table cards it moves, and the steps there (src/bots/classic/steps.ts), for
 * the table to send one at a time with followStep.
 */
export type ClassicHintAnswer =
  | { kind: "placement"; placed: CardId[]; moved: number; plan: StepPlan }
  /** Not the seat's turn (or the round is over). */
  | { kind: "cannot-play" }
  /** The turn is under way: the plan starts from the table as the turn began. */
  | { kind: "started" }
  /** No hand card can go onto the table: draw. */
  | { kind: "none" }
  /** The game's Ace rule is not low-or-high: the solver knows only that one. */
  | { kind: "ace-rule" }
  /** Too many possibilities to find the best placement in time. */
  | { kind: "too-complex" };
