import { router } from "../trpc";
import { accountRouter } from "./account";
import { matchRouter } from "./match";
import { practiceRouter } from "./practice";
import { hintRouter } from "./hint";
import { adminRouter } from "./admin";
import { agoraRouter } from "./agora";
import { gameRouter } from "./game";
import { historyRouter } from "./history";
import { profileRouter } from "./profile";
import { reportRouter } from "./report";
import { puzzleRouter } from "./puzzle";
import { friendsRouter } from "./friends";

export const appRouter = router({
  account: accountRouter,
  match: matchRouter,
  practice: practiceRouter,
  hint: hintRouter,
  game: gameRouter,
  agora: agoraRouter,
  profile: profileRouter,
  history: historyRouter,
  report: reportRouter,
  friends: friendsRouter,
  admin: adminRouter,
  puzzle: puzzleRouter,
});

export type AppRouter = typeof appRouter;
