import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { AccountError } from "./accounts/accounts";
import { hasRole, type Role } from "./accounts/roles";
import { currentUser, freshUser, type SessionUser } from "./auth/session";
import type { Context } from "./context";
import { publicError } from "./internal-errors";
import { MatchError } from "./matches/errors";
import { asPlainJson } from "./matches/plain-json";
import { refuse, SiteRefusal } from "./refusals";
import type { RefusalData } from "@/protocol/refusals";

/** Per-field messages for forms: from zod input validation, or from a refused account change. */
function fieldErrors(cause: unknown): Record<string, string[] | undefined> | null {
  if (cause instanceof ZodError) return z.flattenError(cause).fieldErrors;
  if (cause instanceof AccountError && cause.field) return { [cause.field]: [cause.message] };
  return null;
}

/** A refused game action's engine code (e.g. "card-not-here"), for clients to react to. */
function engineCode(cause: unknown): string | null {
  return cause instanceof MatchError ? (cause.engineCode ?? null) : null;
}

/** A refused account change's code (e.g. "NAME_TAKEN"), so clients can say it in their language. */
function accountCode(cause: unknown): string | null {
  return cause instanceof AccountError ? cause.code : null;
}

/** Any other refusal of the site's, by its code and its words' arguments (refusals.ts). */
function refusal(cause: unknown): RefusalData | null {
  return cause instanceof SiteRefusal ? cause.data : null;
}

const t = initTRPC.context<Context>().create({
  transformer: {
    input: {
      serialize: (value: unknown) => superjson.serialize(value),
      // Each input was just parsed from its message: read in place, not deep-copied first.
      deserialize: (value: Parameters<typeof superjson.deserialize>[0]) =>
        superjson.deserialize(value, { inPlace: true }),
    },
    output: {
      serialize: (value: unknown) => asPlainJson(value) ?? superjson.serialize(value),
      deserialize: (value: Parameters<typeof superjson.deserialize>[0]) =>
        superjson.deserialize(value),
    },
  },
  errorFormatter: ({ shape, error }) => {
    const { message, errorId } = publicError(error);
    return {
      ...shape,
      message,
      data: {
        ...shape.data,
        // A stack (development only) would tell what the message no longer does.
        stack: errorId ? undefined : shape.data.stack,
        errorId,
        fieldErrors: fieldErrors(error.cause),
        engineCode: engineCode(error.cause),
        accountCode: accountCode(error.cause),
        refusal: refusal(error.cause),
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** The call's player, or UNAUTHORIZED: signed out, banned from the site, or a revoked session. */
function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first." });
  return user;
}

// tRPC merges the context `next` is given into the one it has: no copy of ours.
export const protectedProcedure = t.procedure.use(async ({ ctx, next }) => {
  // A WebSocket's context was made at its upgrade: its player's role, bans and session are
  // checked again on every call (a cached read that bans, roles and sign-outs drop).
  const user = ctx.connection && ctx.claims ? await currentUser(ctx.db, ctx.claims) : ctx.user;
  return next({ ctx: { user: signedIn(user) } });
});

/**
 * For moderator and admin tools: the player must hold `role` or a higher one, read afresh from
 * the database in place of the cached standing: these calls are few, and a role granted or
 * withdrawn anywhere, by the admin CLI too, counts at once, and so does a ban.
 */
export function roleProcedure(role: Exclude<Role, "PLAYER">) {
  return t.procedure.use(async ({ ctx, next }) => {
    const user = signedIn(ctx.claims ? await freshUser(ctx.db, ctx.claims) : ctx.user);
    if (!hasRole(user.role, role)) {
      throw refuse("FORBIDDEN", `Only a ${role.toLowerCase()} may do this.`, "ROLE_REQUIRED", role);
    }
    return next({ ctx: { user } });
  });
}
