import { TRPCError } from "@trpc/server";
import { AccountError, signUp } from "../accounts/accounts";
import { signUpInput } from "../accounts/validation";
import { publicProcedure, router } from "../trpc";

export const accountRouter = router({
  /** Creates the account; the client then signs in through next-auth. */
  signUp: publicProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    try {
      const user = await signUp(ctx.db, input);
      return { name: user.name };
    } catch (error) {
      if (error instanceof AccountError) {
        throw new TRPCError({ code: "CONFLICT", message: error.message, cause: error });
      }
      throw error;
    }
  }),

  /** The signed-in player, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
});
