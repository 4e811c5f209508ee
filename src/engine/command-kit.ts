// What both games' commands are made of. A command is declared once, as its fields keyed
// by its `do`, each field a check with what it must be: the engine parses with them, the
// tRPC routers build their input from them, the command's TypeScript type is inferred from
// them. Each game then runs a command through a table of handlers, one per command, each
// handler living with its rules section's code. The checks are the engine's own, not a
// validation library's: the engine runs in the browser too, for the table's optimistic
// moves, and a handful of number and list checks is all a command needs.

import type { Millis, Seat } from "./state";

/** A command field: whether a value is what it must be, and what that is in words. */
export interface Field<T> {
  accepts: (value: unknown) => value is T;
  mustBe: string;
  /** Absent (or undefined) is accepted too. */
  optional?: true;
}

/** The type a field accepts. */
export type FieldValue<F> = F extends Field<infer T> ? T : never;

type Fields = Record<string, Field<unknown>>;

/** A field that may also be left out. */
export function optional<T>(field: Field<T>): Field<T> & { optional: true } {
  return { ...field, optional: true };
}

/** The field that accepts what `accepts` accepts. */
export function field<T>(accepts: (value: unknown) => value is T, mustBe: string): Field<T> {
  return { accepts, mustBe };
}

const integerIn = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

/** Whether a value is a list of `min` to `max` items, each what `item` accepts. */
export function listOf<T>(
  item: (value: unknown) => value is T,
  { min, max = Infinity }: { min: number; max?: number },
) {
  return (value: unknown): value is T[] =>
    Array.isArray(value) && value.length >= min && value.length <= max && value.every(item);
}

/** A card id up to `last` (the 104 cards, or with the jokers too). */
export function cardIdField(last: number): Field<number> {
  return field(
    (value): value is number => integerIn(value, 0, last),
    `must be a card id (0..${last})`,
  );
}

/** Melds (combinations in classic) are numbered from 1; an id is never reused. */
const isId = (value: unknown): value is number => integerIn(value, 1, Number.MAX_SAFE_INTEGER);

export const meldIdField = field(isId, "must be a meld id (a positive integer)");

/** Where a card goes: a meld (a combination in classic) by its id, or a new one. */
export function targetField(noun: "meld" | "combination") {
  return field(
    (value): value is number | "new" => value === "new" || isId(value),
    `must be a ${noun} id or "new"`,
  );
}

type Flat<T> = { [K in keyof T]: T[K] } & {};

/** The command a table of fields declares: optional fields may be left out. */
type CommandFrom<Name extends string, F extends Fields> = Flat<
  { do: Name } & {
    [K in keyof F as F[K] extends { optional: true } ? never : K]: FieldValue<F[K]>;
  } & {
    [K in keyof F as F[K] extends { optional: true } ? K : never]?: FieldValue<F[K]>;
  }
>;

/** The union of the commands a table of each command's fields declares. */
export type CommandOf<S extends Record<string, Fields>> = {
  [K in keyof S & string]: CommandFrom<K, S[K]>;
}[keyof S & string];

export type Malformed = { ok: false; rejection: TypedRejection<"malformed"> };

const malformed = (reason: string): Malformed => ({
  ok: false,
  rejection: { code: "malformed", reason },
});

/**
 * A game's commands from each command's fields: the fields, the commands' names, and
 * their parser: the command, or a "malformed" rejection saying what is wrong (not an
 * object, an unknown action, a field it does not have, the first field that is not what
 * it must be). Never throws.
 */
export function commandSet<S extends Record<string, Fields>>(fields: S) {
  type C = CommandOf<S>;
  const parse = (input: unknown): { ok: true; command: C } | Malformed => {
    if (typeof input !== "object" || input === null || Array.isArray(input))
      return malformed("a command must be an object");
    const name = (input as { do?: unknown }).do;
    if (typeof name !== "string" || !Object.hasOwn(fields, name))
      return malformed(`unknown action: ${JSON.stringify(name)}`);
    const declared = fields[name]!;
    const extra = Object.keys(input).find((key) => key !== "do" && !Object.hasOwn(declared, key));
    if (extra !== undefined) return malformed(`"${name}" has no field "${extra}"`);
    for (const [key, field] of Object.entries(declared)) {
      const value = (input as Record<string, unknown>)[key];
      if (!(field.optional && value === undefined) && !field.accepts(value))
        return malformed(`"${name}": ${key} ${field.mustBe}`);
    }
    return { ok: true, command: { ...input } as C };
  };
  return { fields, names: Object.keys(fields) as (keyof S & string)[], parse };
}

/** An illegal action: its code, and the reason in words. */
export interface TypedRejection<Code extends string> {
  code: Code;
  reason: string;
}

/** Refusals of what arrives with a command, the same in both games. */
export type InputRejectionCode = "malformed" | "bad-time" | "unknown-seat";

export type Refused = { ok: false; rejection: TypedRejection<InputRejectionCode> };

/**
 * A command as it arrives, checked: its instant (an integer of ms, not before the
 * state's clock), its seat (one of `seats`), then the command itself.
 */
export function receive<C>(
  parse: (input: unknown) => { ok: true; command: C } | Malformed,
  at: { now: Millis; seats: number; of: "hand" | "game" },
  seat: unknown,
  input: unknown,
  now: unknown,
): { ok: true; seat: Seat; command: C; now: Millis } | Refused {
  if (typeof now !== "number" || !Number.isInteger(now) || now < at.now)
    return {
      ok: false,
      rejection: {
        code: "bad-time",
        reason: `time must be an integer of ms, not before ${at.now}`,
      },
    };
  if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 0 || seat >= at.seats)
    return {
      ok: false,
      rejection: {
        code: "unknown-seat",
        reason: `seat ${JSON.stringify(seat)} is not in this ${at.of}`,
      },
    };
  const parsed = parse(input);
  return parsed.ok ? { ok: true, seat, command: parsed.command, now } : parsed;
}

/** A command's handler: null when it is done, else why it is refused. */
export type Handler<D, C, R> = (draft: D, seat: Seat, command: C) => R | null;

/** One handler per command of the union `C`. */
export type Handlers<C extends { do: string }, D, R> = {
  [K in C["do"]]: Handler<D, Extract<C, { do: K }>, R>;
};

/** Runs the command's handler. */
export function dispatch<C extends { do: string }, D, R>(
  handlers: Handlers<C, D, R>,
  draft: D,
  seat: Seat,
  command: C,
): R | null {
  const handler = handlers[command.do as C["do"]] as Handler<D, C, R>;
  return handler(draft, seat, command);
}

/** The same handlers, each run only once `gate` lets the seat act (null), else refused. */
export function gated<D, R, T extends Record<string, Handler<D, never, R>>>(
  gate: (draft: D, seat: Seat) => R | null,
  handlers: T,
): T {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (draft: D, seat: Seat, command: never) => gate(draft, seat) ?? handler(draft, seat, command),
    ]),
  ) as T;
}
