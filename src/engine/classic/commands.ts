// A classic game's commands, plain data that may arrive straight from JSON: the
// whole-table `turn` of the scenario format (the reference path), `draw` and
// `pass`, and the finer steps of a live turn (put, move, take back, undo,
// reset, end). Anything malformed is a typed rejection, never a throw.

import type { CardId } from "../cards";
import { isMeldId } from "../commands";
import { isClassicCard } from "./cards";
import type { CombinationId } from "./state";

export type Place = CombinationId | "new";

export type ClassicCommand =
  | { do: "turn"; table: CardId[][] }
  | { do: "draw" }
  | { do: "pass" }
  /** A card from the hand (or a Tahiti face-up card) onto a combination or a new space. */
  | { do: "put"; card: CardId; to: Place }
  /** A table card onto another combination or a new space. */
  | { do: "move"; card: CardId; to: Place }
  /** A card put this turn back where it came from: the hand or the face-up cards. */
  | { do: "takeBack"; card: CardId }
  | { do: "undo" }
  | { do: "reset" }
  | { do: "end" }
  | { do: "ready" };

export type ClassicCommandName = ClassicCommand["do"];

export type ClassicRejectionCode =
  | "malformed"
  | "bad-time"
  | "unknown-seat"
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

export interface ClassicRejection {
  code: ClassicRejectionCode;
  reason: string;
}

type Field = "card" | "place" | "table";

const FIELDS: Record<ClassicCommandName, Record<string, Field>> = {
  turn: { table: "table" },
  draw: {},
  pass: {},
  put: { card: "card", to: "place" },
  move: { card: "card", to: "place" },
  takeBack: { card: "card" },
  undo: {},
  reset: {},
  end: {},
  ready: {},
};

export const CLASSIC_COMMAND_NAMES = Object.keys(FIELDS) as ClassicCommandName[];

function fieldError(kind: Field, value: unknown, jokers: boolean): string | null {
  const card = (v: unknown) => isClassicCard(v, jokers);
  switch (kind) {
    case "card":
      return card(value) ? null : `must be a card id (0..${jokers ? 107 : 103})`;
    case "place":
      return value === "new" || isMeldId(value) ? null : 'must be a combination id or "new"';
    case "table":
      return Array.isArray(value) &&
        value.every((c) => Array.isArray(c) && c.length > 0 && c.every(card))
        ? null
        : "must be a list of combinations, each a non-empty list of card ids";
  }
}

export function parseClassicCommand(
  input: unknown,
  jokers: boolean,
): { ok: true; command: ClassicCommand } | { ok: false; rejection: ClassicRejection } {
  const malformed = (reason: string) =>
    ({ ok: false, rejection: { code: "malformed", reason } }) as const;
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return malformed("a command must be an object");
  const record = input as Record<string, unknown>;
  const name = record.do;
  if (typeof name !== "string" || !Object.hasOwn(FIELDS, name))
    return malformed(`unknown action: ${JSON.stringify(name)}`);
  const fields = FIELDS[name as ClassicCommandName];
  for (const key of Object.keys(record))
    if (key !== "do" && !Object.hasOwn(fields, key))
      return malformed(`"${name}" has no field "${key}"`);
  for (const [key, kind] of Object.entries(fields)) {
    const error = fieldError(kind, record[key], jokers);
    if (error) return malformed(`"${name}": ${key} ${error}`);
  }
  return { ok: true, command: record as unknown as ClassicCommand };
}
