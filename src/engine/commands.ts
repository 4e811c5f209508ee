// Commands are plain data, one-to-one with the scenario format's `do` vocabulary,
// and may arrive straight from JSON: the engine validates them itself and turns
// anything malformed into a typed rejection, never a throw. Each is declared once,
// here, as fields the engine and the tRPC routers share.

import { CARD_COUNT } from "./cards";
import {
  cardIdField,
  type CommandOf,
  commandSet,
  field,
  type Handlers,
  type InputRejectionCode,
  listOf,
  type Malformed,
  meldIdField,
  optional,
  targetField,
  type TypedRejection,
} from "./command-kit";
import type { Draft } from "./draft";
import type { MeldId } from "./state";

export type RejectionCode =
  | InputRejectionCode
  | "not-playing"
  | "hand-over"
  | "frozen"
  | "no-freeze"
  | "in-freeze"
  | "no-stop"
  | "stop-used"
  | "not-in-tiebreak"
  | "presence"
  | "not-between-hands"
  | "card-not-here"
  | "no-such-meld"
  | "stock-empty"
  | "staging-not-empty"
  | "not-declared"
  | "no-open-play"
  | "invalid-meld"
  | "single-card"
  | "holding-another"
  | "nothing-held"
  | "held-by-other"
  | "let-go"
  | "reserved"
  | "cannot-go-there";

export type Rejection = TypedRejection<RejectionCode>;

export const reject = (code: RejectionCode, reason: string): Rejection => ({ code, reason });

const card = cardIdField(CARD_COUNT - 1);
const meld = meldIdField;
const target = targetField("meld");

export type Target = MeldId | "new";

const COMMANDS = commandSet({
  draw: {},
  stage: { card },
  unstage: { card },
  lay: {
    cards: optional(
      field(
        listOf(card.accepts, { min: 1, max: CARD_COUNT }),
        "must be a non-empty list of card ids",
      ),
    ),
  },
  /** `meld: "new"` is parsed so the engine can say why it is refused (§5.3). */
  add: { card, meld: target },
  take: { card, meld },
  move: { card, from: meld, to: target },
  release: {},
  place: { card, to: target },
  end: {},
  cancel: {},
  stop: {},
  giveup: {},
  leave: {},
  disconnect: {},
  reconnect: {},
  ready: {},
});

export type { Field } from "./command-kit";

/** Each command's fields, by its name. */
export const COMMAND_FIELDS = COMMANDS.fields;

export type Command = CommandOf<typeof COMMAND_FIELDS>;

export type CommandName = Command["do"];

export const COMMAND_NAMES: CommandName[] = COMMANDS.names;

export const parseCommand: (input: unknown) => { ok: true; command: Command } | Malformed =
  COMMANDS.parse;

/** The handlers of some of the commands, each refusing with a typed rejection. */
export type CommandHandlers<Name extends CommandName = CommandName> = Handlers<
  Extract<Command, { do: Name }>,
  Draft,
  Rejection
>;
