import { tracked, TRPCError, type TrackedEnvelope } from "@trpc/server";
import { z } from "zod";
import { connections } from "../connections";
import type { Context } from "../context";
import { CLASSIC_COMMAND_NAMES, parseClassicCommand } from "@/engine/classic";
import { type Command, COMMAND_FIELDS, type Field } from "../matches/engine";
import { MatchError } from "../matches/errors";
import type { Delivery } from "../matches/audience";
import { liveMatches } from "../matches/registry";
import { protectedProcedure, router } from "../trpc";
import { classicOptionsInput } from "./classic-options";

// Thin by design: zod checks the shape, the registry and the match actor decide everything.

const matchId = z.string().min(1).max(64);
/** Machiavelox seats 0–2, classic 0–7: the match itself refuses a seat it does not have. */
const seat = z.number().int().min(0).max(7);
/**
 * A classic command, checked by the engine's own parser (Tahiti's jokers included; the match
 * refuses a joker where the game has none).
 */
const classicCommand = z.union([
  /** The player leaves the game: a bot plays the seat from now on (never in ranked games). */
  z.object({ do: z.literal("leave") }),
  z.looseObject({ do: z.enum(CLASSIC_COMMAND_NAMES) }).transform((input, ctx) => {
    const parsed = parseClassicCommand(input, true);
    if (parsed.ok) return parsed.command;
    ctx.addIssue({ code: "custom", message: parsed.rejection.reason });
    return z.NEVER;
  }),
]);
const lastEventId = z
  .string()
  .regex(/^\d{1,15}$/, "must be an event id")
  .nullish();

/** MatchErrors become tRPC errors of the same code, keeping the engine's rejection code. */
export const matchProcedure = protectedProcedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof MatchError) {
    throw new TRPCError({
      code: result.error.cause.kind,
      message: result.error.cause.message,
      cause: result.error.cause,
    });
  }
  return result;
});

/** An engine command field as zod input: the engine's own check, and what the field must be. */
function fieldInput<T>(name: string, field: Field<T>) {
  const schema = z.custom<T>(field.accepts, `${name} ${field.mustBe}`);
  return field.optional ? schema.optional() : schema;
}

type FieldsInput<F> = {
  [K in keyof F]: F[K] extends Field<infer T> & { optional: true }
    ? z.ZodOptional<z.ZodCustom<T>>
    : F[K] extends Field<infer T>
      ? z.ZodCustom<T>
      : never;
};

/** One mutation per player action: `{ matchId, seat, ...the action's fields }`, as the engine declares them. */
function action<Name extends Command["do"]>(name: Name) {
  const fields = Object.fromEntries(
    Object.entries(COMMAND_FIELDS[name]).map(([key, field]) => [key, fieldInput(key, field)]),
  ) as FieldsInput<(typeof COMMAND_FIELDS)[Name]>;
  return matchProcedure.input(z.object({ matchId, seat, ...fields })).mutation(({ ctx, input }) => {
    const { matchId: id, seat, ...rest } = input as { matchId: string; seat: number };
    const command = { do: name, ...rest } as Command;
    return liveMatches().act(ctx.user, id, seat, command);
  });
}

/**
 * The stream's deliveries as tRPC's tracked messages. Mapped in `next` rather than by a
 * generator of its own: one promise step per message instead of a generator's several.
 * `release` runs once the stream ends, however it ends.
 */
function tracking(
  deliveries: AsyncIterableIterator<Delivery>,
  release: () => void,
): AsyncIterableIterator<TrackedEnvelope<Delivery["message"]>> {
  const iterator: AsyncIterableIterator<TrackedEnvelope<Delivery["message"]>> = {
    [Symbol.asyncIterator]: () => iterator,
    next: () =>
      deliveries.next().then((result) => {
        if (!result.done)
          return { done: false, value: tracked(result.value.id, result.value.message) };
        release();
        return result;
      }),
    return: async () => {
      release();
      await deliveries.return?.();
      return { done: true, value: undefined };
    },
  };
  return iterator;
}

/**
 * A subscription, counted against its socket's and its player's caps (connections.ts) while it
 * lasts. Over the WebSocket only: tRPC would also stream one over HTTP, past those caps.
 */
async function subscribed(
  ctx: Context & { user: { id: string } },
  open: () => Promise<AsyncIterableIterator<Delivery>>,
) {
  if (!ctx.connection)
    throw new TRPCError({
      code: "METHOD_NOT_SUPPORTED",
      message: "Subscriptions go over the WebSocket.",
    });
  const release = connections().subscribe(ctx.connection, ctx.user.id);
  try {
    return tracking(await open(), release);
  } catch (error) {
    release();
    throw error;
  }
}

const fromEventId = (id: string | null | undefined) => (id ? Number(id) : null);

export const matchRouter = router({
  /**
   * Opens a waiting table with the opener at seat 0: Machiavelox's three seats, or `classic`
   * for 2 to 5 (larger classic tables are friendly games', src/server/games).
   */
  open: matchProcedure
    .input(
      z
        .object({
          classic: z
            .object({ players: z.number().int().min(2).max(5), options: classicOptionsInput })
            .optional(),
        })
        // A bare open (no input, or null as a JSON client sends it) is a Machiavelox table.
        .nullish(),
    )
    .mutation(({ ctx, input }) =>
      liveMatches().open(
        ctx.user,
        {},
        input?.classic ? { rules: "classic", ...input.classic } : undefined,
      ),
    ),
  /** Takes a free seat; the third seat taken starts the hand. */
  join: matchProcedure
    .input(z.object({ matchId }))
    .mutation(({ ctx, input }) => liveMatches().join(ctx.user, input.matchId)),
  get: matchProcedure
    .input(z.object({ matchId }))
    .query(({ ctx, input }) => liveMatches().get(ctx.user, input.matchId)),
  /** The player's matches still waiting or playing. */
  mine: matchProcedure.query(({ ctx }) => liveMatches().mine(ctx.user)),

  draw: action("draw"),
  stage: action("stage"),
  unstage: action("unstage"),
  lay: action("lay"),
  add: action("add"),
  take: action("take"),
  move: action("move"),
  release: action("release"),
  place: action("place"),
  end: action("end"),
  cancel: action("cancel"),
  stop: action("stop"),
  giveup: action("giveup"),
  leave: action("leave"),
  ready: action("ready"),
  /** A classic game's command: `{ matchId, seat, command }`, the command as the engine reads it. */
  classic: matchProcedure
    .input(z.object({ matchId, seat, command: classicCommand }))
    .mutation(({ ctx, input }) =>
      liveMatches().act(ctx.user, input.matchId, input.seat, input.command, "classic"),
    ),

  /** The seat's view, then its events, each with an id; resumes after `lastEventId`. */
  seat: matchProcedure
    .input(z.object({ matchId, lastEventId }))
    .subscription(({ ctx, input, signal }) =>
      subscribed(ctx, () =>
        liveMatches().followSeat(ctx.user, input.matchId, fromEventId(input.lastEventId), signal),
      ),
    ),
  /** For spectators: the public view and public events, never a hand or a stock. */
  watch: matchProcedure
    .input(z.object({ matchId, lastEventId }))
    .subscription(({ ctx, input, signal }) =>
      subscribed(ctx, () =>
        liveMatches().watch(input.matchId, fromEventId(input.lastEventId), signal),
      ),
    ),
});
