import { TRPCError } from "@trpc/server";
import { MatchError } from "../matches/errors";

/** Runs a call into the live server, its refusals turned into tRPC errors of the same code. */
export async function live<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MatchError)
      throw new TRPCError({ code: error.kind, message: error.message, cause: error });
    throw error;
  }
}
