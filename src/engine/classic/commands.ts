// A classic game's commands, plain data that may arrive straight from JSON: the
// whole-table `turn` of the scenario format (the reference path), `draw` and
// `pass`, and the finer steps of a live turn (put, move, take back, undo,
// reset, end). Anything malformed is a typed rejection, never a throw.

import { CARD_COUNT } from "../cards";
import {
  cardIdField,
  type CommandOf,
  commandSet,
  field,
  type InputRejectionCode,
  listOf,
  targetField,
  type TypedRejection,
} from "../command-kit";
import { JOKERS } from "./cards";
import type { CombinationId } from "./state";

export type Place = CombinationId | "new";

/** The commands for a deck whose last card id is `last` (the jokers follow the 104 cards). */
function classicCommands(last: number) {
  const card = cardIdField(last);
  const to = targetField("combination");

  return commandSet({
    turn: {
      table: field(
        listOf(listOf(card.accepts, { min: 1 }), { min: 0 }),
        "must be a list of combinations, each a non-empty list of card ids",
      ),
    },
    draw: {},
    pass: {},
    /** A card from the hand (or a Tahiti face-up card) onto a combination or a new space. */
    put: { card, to },
    /** A table card onto another combination or a new space. */
    move: { card, to },
    /** A card put this turn back where it came from: the hand or the face-up cards. */
    takeBack: { card },
    undo: {},
    reset: {},
    end: {},
    ready: {},
  });
}

/** Without the jokers, and with them (Tahiti). */
const PLAIN = classicCommands(CARD_COUNT - 1);
const TAHITI = classicCommands(CARD_COUNT + JOKERS - 1);

export type ClassicCommand = CommandOf<typeof PLAIN.fields>;

export type ClassicCommandName = ClassicCommand["do"];

export const CLASSIC_COMMAND_NAMES: ClassicCommandName[] = PLAIN.names;

export type ClassicRejectionCode =
  | InputRejectionCode
  | "not-your-turn"
  | "round-over"
  | "game-over"
  | "not-between-rounds"
  | "card-not-here"
  | "no-such-combination"
  | "not-the-table"
  | "nothing-from-hand"
  | "started-to-play"
  | "must-draw"
  | "drew-first"
  | "not-opened"
  | "table-cards-stay"
  | "nothing-to-undo";

export type ClassicRejection = TypedRejection<ClassicRejectionCode>;

export function parseClassicCommand(input: unknown, jokers: boolean) {
  return (jokers ? TAHITI : PLAIN).parse(input);
}
