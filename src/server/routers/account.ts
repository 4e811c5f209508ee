import { TRPCError } from "@trpc/server";
import { AccountError, changePassword, deleteAccount, signUp } from "../accounts/accounts";
import { resetRequests, signUps, spend } from "../accounts/limits";
import type { AccountErrorCode } from "@/protocol/refusals";
import {
  emailStatus,
  resetPassword,
  sendResetLink,
  setEmail,
  verifyEmail,
} from "../accounts/recovery";
import {
  changePasswordInput,
  deleteAccountInput,
  requestResetInput,
  resetPasswordInput,
  setEmailInput,
  signUpInput,
  verifyEmailInput,
} from "@/protocol/accounts";
import { agora } from "../agora/agora";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { lobbies } from "../games/lobby";
import { mailer, sendInBackground } from "../mail";
import { MatchError } from "../matches/errors";
import { liveMatches } from "../matches/registry";
import { protectedProcedure, publicProcedure, router } from "../trpc";

const KIND: Record<AccountErrorCode, TRPCError["code"]> = {
  NAME_TAKEN: "CONFLICT",
  EMAIL_TAKEN: "CONFLICT",
  NO_SUCH_PLAYER: "NOT_FOUND",
  WRONG_PASSWORD: "BAD_REQUEST",
  BAD_LINK: "BAD_REQUEST",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
};

/** An AccountError becomes a tRPC error of its kind, keeping the code and field for the forms. */
async function answer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    throw new TRPCError({ code: KIND[error.code], message: error.message, cause: error });
  }
}

/**
 * A deleted account's live seats are left and its queue entry dropped, as leaving would; it
 * leaves the lobbies it waits in, and the tables it sits at that never started are removed.
 */
async function giveUp(db: Db, user: SessionUser): Promise<void> {
  await agora(db).cancel(user);
  lobbies(db).forget(user.id);
  const registry = liveMatches();
  await registry.removeWaiting(user);
  for (const match of await registry.mine(user)) {
    if (match.status !== "PLAYING") continue;
    await registry.act(user, match.id, match.you, { do: "leave" }).catch((error: unknown) => {
      // Already out of the hand (left, eliminated): nothing to give up there.
      if (!(error instanceof MatchError)) throw error;
    });
  }
}

export const accountRouter = router({
  /** Creates the account; the client then signs in through next-auth. */
  signUp: publicProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    // Counted before the password is hashed: a flood is refused, not queued.
    await answer(spend(signUps, ctx.clientAddress));
    const user = await answer(signUp(ctx.db, input));
    return { name: user.name };
  }),

  /** The signed-in player, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** The account page: name, verified address, and an address waiting for its link. */
  settings: protectedProcedure.query(async ({ ctx }) => ({
    name: ctx.user.name,
    ...(await emailStatus(ctx.db, ctx.user.id)),
  })),

  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => answer(changePassword(ctx.db, ctx.user.id, input))),

  /** Mails a verification link to the address; it is the account's once followed. */
  setEmail: protectedProcedure
    .input(setEmailInput)
    .mutation(({ ctx, input }) => answer(setEmail(ctx.db, mailer(), ctx.user, input))),

  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .mutation(({ ctx, input }) => answer(verifyEmail(ctx.db, input.token))),

  /**
   * Asks for a reset link by name or address. The answer is the same, and as quick, whether or
   * not such an account exists or has a verified address: the mail goes out afterwards.
   */
  requestReset: publicProcedure.input(requestResetInput).mutation(async ({ ctx, input }) => {
    await answer(spend(resetRequests, ctx.clientAddress));
    const via = mailer();
    sendInBackground(sendResetLink(ctx.db, via, input), via);
    return { ok: true as const };
  }),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => answer(resetPassword(ctx.db, input))),

  /** Deletes the signed-in player's account, given its password. */
  delete: protectedProcedure
    .input(deleteAccountInput)
    .mutation(({ ctx, input }) =>
      answer(deleteAccount(ctx.db, ctx.user, input.password, (user) => giveUp(ctx.db, user))),
    ),
});
