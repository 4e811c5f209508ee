// What a failed call tells the client. Our own refusals keep their sentences; anything else
// (a database's "connect ECONNREFUSED 127.0.0.1:35123", Prisma's invocation text, a TypeError
// from a malformed request) is logged with an id and answered with a generic sentence that
// names that id, so a player's report can be found in the log.

import { randomBytes } from "node:crypto";
import type { TRPCError } from "@trpc/server";
import type { Logger } from "pino";
import { ZodError } from "zod";
import { AccountError } from "./accounts/accounts";
import { MatchError } from "./matches/errors";
import { SiteRefusal } from "./refusals";

const ids = new WeakMap<TRPCError, string>();

/** The error's id in the log, made on first asking. */
function errorId(error: TRPCError): string {
  let id = ids.get(error);
  if (!id) ids.set(error, (id = randomBytes(4).toString("hex")));
  return id;
}

/** Whether the error's message is ours to show: a refusal we wrote, not a library's words. */
function ours(error: TRPCError): boolean {
  if (error.code === "INTERNAL_SERVER_ERROR") return false;
  const cause = error.cause;
  return (
    cause === undefined ||
    cause instanceof ZodError ||
    cause instanceof MatchError ||
    cause instanceof AccountError ||
    cause instanceof SiteRefusal
  );
}

/** The message the client reads, and the error's id when it is not ours. */
export function publicError(error: TRPCError): { message: string; errorId: string | null } {
  if (ours(error)) return { message: error.message, errorId: null };
  const id = errorId(error);
  return {
    message:
      error.code === "INTERNAL_SERVER_ERROR"
        ? `Something went wrong on the server (error ${id}): try again.`
        : `The request could not be read (error ${id}).`,
    errorId: id,
  };
}

/** tRPC's `onError`: logs a server-side failure with the id its client is told. */
export function logFailure(log: Logger, { error, path }: { error: TRPCError; path?: string }) {
  if (error.code !== "INTERNAL_SERVER_ERROR") return;
  log.error({ errorId: errorId(error), path, err: error.cause ?? error }, "internal error");
}
