import { router } from "../trpc";
import { accountRouter } from "./account";
import { matchRouter } from "./match";

export const appRouter = router({
  account: accountRouter,
  match: matchRouter,
});

export type AppRouter = typeof appRouter;
