// What both games' commands are made of. A command is declared once, as a zod
// schema keyed by its `do`: the engine parses with it, the tRPC routers take their
// input from it, its TypeScript type is inferred from it. Each game then runs a
// command through a table of handlers, one per command, each handler living with
// its rules section's code.

import { z } from "zod";
import type { Millis, Seat } from "./state";

/** What a field must be, said in a malformed command's reason. */
const MUST_BE = z.registry<{ mustBe: string }>();

/** The schema of a field, with what it must be. */
export function field<T extends z.ZodType>(schema: T, mustBe: string): T {
  MUST_BE.add(schema as z.ZodType, { mustBe });
  return schema;
}

/** A card id up to `last` (the 104 cards, or with the jokers too). */
export function cardIdSchema(last: number) {
  return field(z.number().int().min(0).max(last), `must be a card id (0..${last})`);
}

/** Melds (combinations in classic) are numbered from 1; an id is never reused. */
const positiveId = () => z.number().int().positive();

export const meldIdSchema = field(positiveId(), "must be a meld id (a positive integer)");

/** Where a card goes: a meld (a combination in classic) by its id, or a new one. */
export function targetSchema(noun: "meld" | "combination") {
  return field(z.union([positiveId(), z.literal("new")]), `must be a ${noun} id or "new"`);
}

type Shapes = Record<string, z.ZodRawShape>;

export type CommandSchemas<S extends Shapes> = {
  [K in keyof S & string]: z.ZodObject<{ do: z.ZodLiteral<K> } & S[K], z.core.$strict>;
};

/**
 * A game's commands from each command's fields: one strict schema per command (no
 * other field is accepted), their names, and their parser.
 */
export function commandSet<S extends Shapes>(shapes: S) {
  const schemas = commandSchemas(shapes);
  return {
    schemas,
    names: Object.keys(schemas) as (keyof S & string)[],
    parse: commandParser(schemas),
  };
}

function commandSchemas<S extends Shapes>(shapes: S): CommandSchemas<S> {
  return Object.fromEntries(
    Object.entries(shapes).map(([name, shape]) => [
      name,
      z.strictObject({ do: z.literal(name), ...shape }),
    ]),
  ) as CommandSchemas<S>;
}

/** The union of the commands a table of schemas declares. */
export type CommandOf<T extends Record<string, z.ZodType>> = {
  [K in keyof T]: z.output<T[K]>;
}[keyof T];

export type Malformed = { ok: false; rejection: TypedRejection<"malformed"> };

const malformed = (reason: string): Malformed => ({
  ok: false,
  rejection: { code: "malformed", reason },
});

/**
 * The parser of a table of schemas: the command, or a "malformed" rejection saying
 * what is wrong (not an object, an unknown action, a field it does not have, the
 * first field that is not what it must be). Never throws.
 */
function commandParser<T extends Record<string, z.ZodObject>>(schemas: T) {
  return (input: unknown): { ok: true; command: CommandOf<T> } | Malformed => {
    if (typeof input !== "object" || input === null || Array.isArray(input))
      return malformed("a command must be an object");
    const name = (input as { do?: unknown }).do;
    if (typeof name !== "string" || !Object.hasOwn(schemas, name))
      return malformed(`unknown action: ${JSON.stringify(name)}`);
    const schema = schemas[name]!;
    const parsed = schema.safeParse(input);
    if (parsed.success) return { ok: true, command: parsed.data as CommandOf<T> };
    const issues = parsed.error.issues;
    const extra = issues.find((issue) => issue.code === "unrecognized_keys");
    if (extra) return malformed(`"${name}" has no field "${extra.keys[0]}"`);
    const key = String(issues[0]!.path[0]);
    const mustBe = MUST_BE.get(schema.shape[key]!)?.mustBe ?? "is not valid";
    return malformed(`"${name}": ${key} ${mustBe}`);
  };
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
