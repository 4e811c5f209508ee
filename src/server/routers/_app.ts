import { router } from "../trpc";
import { accountRouter } from "./account";
import { matchRouter } from "./match";
import { practiceRouter } from "./practice";

export const appRouter = router({
  account: accountRouter,
  match: matchRouter,
  practice: practiceRouter,
});

export type AppRouter = typeof appRouter;
