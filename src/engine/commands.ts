// Commands are plain data, one-to-one with the scenario format's `do` vocabulary,
// and may arrive straight from JSON: the engine validates them itself and turns
// anything malformed into a typed rejection, never a throw.

import { type CardId, isCardId } from "./cards";
import type { MeldId } from "./state";

export type Target = MeldId | "new";

export type Command =
  | { do: "draw" }
  | { do: "stage"; card: CardId }
  | { do: "unstage"; card: CardId }
  | { do: "lay"; cards?: CardId[] }
  /** `meld: "new"` is parsed so the engine can say why it is refused (§5.3). */
  | { do: "add"; card: CardId; meld: Target }
  | { do: "take"; card: CardId; meld: MeldId }
  | { do: "move"; card: CardId; from: MeldId; to: Target }
  | { do: "release" }
  | { do: "place"; card: CardId; to: Target }
  | { do: "end" }
  | { do: "cancel" }
  | { do: "stop" }
  | { do: "giveup" }
  | { do: "leave" }
  | { do: "disconnect" }
  | { do: "reconnect" }
  | { do: "ready" };

export type CommandName = Command["do"];

export type RejectionCode =
  | "malformed"
  | "bad-time"
  | "unknown-seat"
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

export interface Rejection {
  code: RejectionCode;
  reason: string;
}

type FieldKind = "card" | "meld" | "target" | "cards?";

const FIELDS: Record<CommandName, Record<string, FieldKind>> = {
  draw: {},
  stage: { card: "card" },
  unstage: { card: "card" },
  lay: { cards: "cards?" },
  add: { card: "card", meld: "target" },
  take: { card: "card", meld: "meld" },
  move: { card: "card", from: "meld", to: "target" },
  release: {},
  place: { card: "card", to: "target" },
  end: {},
  cancel: {},
  stop: {},
  giveup: {},
  leave: {},
  disconnect: {},
  reconnect: {},
  ready: {},
};

export const COMMAND_NAMES = Object.keys(FIELDS) as CommandName[];

export function isMeldId(value: unknown): value is MeldId {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}

function fieldError(kind: FieldKind, value: unknown): string | null {
  switch (kind) {
    case "card":
      return isCardId(value) ? null : "must be a card id (0..103)";
    case "meld":
      return isMeldId(value) ? null : "must be a meld id (a positive integer)";
    case "target":
      return value === "new" || isMeldId(value) ? null : 'must be a meld id or "new"';
    case "cards?":
      return value === undefined ||
        (Array.isArray(value) && value.length > 0 && value.every(isCardId))
        ? null
        : "must be a non-empty list of card ids";
  }
}

export function parseCommand(
  input: unknown,
): { ok: true; command: Command } | { ok: false; rejection: Rejection } {
  const malformed = (reason: string) =>
    ({ ok: false, rejection: { code: "malformed", reason } }) as const;
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return malformed("a command must be an object");
  const record = input as Record<string, unknown>;
  const name = record.do;
  if (typeof name !== "string" || !Object.hasOwn(FIELDS, name))
    return malformed(`unknown action: ${JSON.stringify(name)}`);
  const fields = FIELDS[name as CommandName];
  for (const key of Object.keys(record)) {
    if (key !== "do" && !Object.hasOwn(fields, key))
      return malformed(`"${name}" has no field "${key}"`);
  }
  for (const [key, kind] of Object.entries(fields)) {
    const error = fieldError(kind, record[key]);
    if (error) return malformed(`"${name}": ${key} ${error}`);
  }
  return { ok: true, command: record as unknown as Command };
}
