import { z } from "zod";
import {
  auditLog,
  banUser,
  endMatch,
  listMatches,
  listReports,
  matchDetail,
  resolveReport,
  searchUsers,
  setRole,
  unbanUser,
} from "../admin/moderation";
import { stripBidi } from "@/protocol/bidi";
import { live } from "../games/live";
import { liveMatches } from "../matches/registry";
import { roleProcedure, router } from "../trpc";

// Every procedure here checks the role on the server: moderators and admins, roles admins only.
const moderator = roleProcedure("MODERATOR");
const admin = roleProcedure("ADMIN");

const id = z.string().min(1).max(64);
/** Free text: bidi controls dropped (src/protocol/bidi.ts) before its length is checked. */
const reason = z.string().overwrite(stripBidi).trim().min(3, "Give a reason.").max(500);

export const adminRouter = router({
  users: moderator
    .input(z.object({ query: z.string().trim().max(64) }))
    .query(({ ctx, input }) => searchUsers(ctx.db, input.query)),
  ban: moderator
    .input(
      z.object({
        userId: id,
        reason,
        /** Null: until lifted. At most a year. */
        minutes: z
          .number()
          .int()
          .min(1)
          .max(366 * 24 * 60)
          .nullable(),
      }),
    )
    .mutation(({ ctx, input }) => banUser(ctx.db, ctx.user, input)),
  unban: moderator
    .input(z.object({ userId: id, reason }))
    .mutation(({ ctx, input }) => unbanUser(ctx.db, ctx.user, input)),
  setRole: admin
    .input(z.object({ userId: id, role: z.enum(["PLAYER", "MODERATOR", "ADMIN"]) }))
    .mutation(({ ctx, input }) => setRole(ctx.db, ctx.user, input)),
  matches: moderator
    .input(z.object({ live: z.boolean() }))
    .query(({ ctx, input }) => listMatches(ctx.db, input.live)),
  match: moderator
    .input(z.object({ matchId: id }))
    .query(({ ctx, input }) => matchDetail(ctx.db, input.matchId)),
  endMatch: moderator
    .input(z.object({ matchId: id, reason }))
    .mutation(({ ctx, input }) =>
      endMatch(ctx.db, ctx.user, input, (matchId, why) =>
        live(() => liveMatches().terminate(matchId, why)),
      ),
    ),
  reports: moderator
    .input(z.object({ open: z.boolean() }))
    .query(({ ctx, input }) => listReports(ctx.db, input.open)),
  resolveReport: moderator
    .input(z.object({ reportId: id, resolution: reason }))
    .mutation(({ ctx, input }) => resolveReport(ctx.db, ctx.user, input)),
  audit: moderator.query(({ ctx }) => auditLog(ctx.db)),
});
