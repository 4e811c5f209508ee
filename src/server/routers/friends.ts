import { tracked, TRPCError } from "@trpc/server";
import { z } from "zod";
import { connections } from "../connections";
import {
  acceptFriend,
  blockPlayer,
  declineFriend,
  friendSettings,
  friendState,
  listFriends,
  otherPlayer,
  removeFriend,
  requestFriend,
  setFriendSettings,
  unblockPlayer,
} from "../friends/friends";
import {
  acceptInvitation,
  declineInvitation,
  invite,
  onInvitations,
  pendingInvitations,
  sentInvitations,
} from "../friends/invitations";
import { friendsTable, headToHead } from "../friends/head-to-head";
import { protectedProcedure, router } from "../trpc";

const byName = z.object({ name: z.string().trim().min(1).max(64) });
const matchId = z.string().min(1).max(64);
const invitationId = z.object({ id: z.string().min(1).max(64) });

export const friendsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listFriends(ctx.db, ctx.user)),
  /** Where you stand with one player (for their profile's button). */
  state: protectedProcedure.input(byName).query(async ({ ctx, input }) => {
    const other = await otherPlayer(ctx.db, ctx.user, input.name);
    return friendState(ctx.db, ctx.user.id, other.id);
  }),
  request: protectedProcedure
    .input(byName)
    .mutation(({ ctx, input }) => requestFriend(ctx.db, ctx.user, input.name)),
  accept: protectedProcedure
    .input(byName)
    .mutation(({ ctx, input }) => acceptFriend(ctx.db, ctx.user, input.name)),
  decline: protectedProcedure
    .input(byName)
    .mutation(({ ctx, input }) => declineFriend(ctx.db, ctx.user, input.name)),
  remove: protectedProcedure
    .input(byName)
    .mutation(({ ctx, input }) => removeFriend(ctx.db, ctx.user, input.name)),
  block: protectedProcedure
    .input(byName)
    .mutation(({ ctx, input }) => blockPlayer(ctx.db, ctx.user, input.name)),
  unblock: protectedProcedure
    .input(byName)
    .mutation(({ ctx, input }) => unblockPlayer(ctx.db, ctx.user, input.name)),
  /** You against a player, in the games you sat at together (a moderator may name `of`). */
  headToHead: protectedProcedure
    .input(byName.extend({ of: z.string().trim().min(1).max(64).optional() }))
    .query(({ ctx, input }) => headToHead(ctx.db, ctx.user, input.name, input.of)),
  /** Your friends, each with your totals against them. */
  table: protectedProcedure.query(({ ctx }) => friendsTable(ctx.db, ctx.user)),
  settings: protectedProcedure.query(({ ctx }) => friendSettings(ctx.db, ctx.user)),
  setSettings: protectedProcedure
    .input(
      z.object({
        requestsFrom: z.enum(["EVERYONE", "PLAYED_WITH", "NOBODY"]).optional(),
        showOnline: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input }) => setFriendSettings(ctx.db, ctx.user, input)),

  /** Invites friends by name to the waiting friendly game you created. */
  invite: protectedProcedure
    .input(
      z.object({
        matchId,
        names: z.array(z.string().trim().min(1).max(64)).min(1).max(2),
      }),
    )
    .mutation(({ ctx, input }) => invite(ctx.db, ctx.user, input.matchId, input.names)),
  /** Whom you invited to your game, and their answers. */
  invited: protectedProcedure
    .input(z.object({ matchId }))
    .query(({ ctx, input }) => sentInvitations(ctx.db, ctx.user, input.matchId)),
  invitations: protectedProcedure.query(({ ctx }) => pendingInvitations(ctx.db, ctx.user)),
  acceptInvitation: protectedProcedure
    .input(invitationId)
    .mutation(({ ctx, input }) => acceptInvitation(ctx.db, ctx.user, input.id)),
  declineInvitation: protectedProcedure
    .input(invitationId)
    .mutation(({ ctx, input }) => declineInvitation(ctx.db, ctx.user, input.id)),

  /**
   * Your invitations as they change: the whole list each time (it is short), tracked by a
   * counter, so a resumed subscription simply gets the list as it is now.
   */
  notifications: protectedProcedure
    .input(z.object({ lastEventId: z.string().max(32).nullish() }).optional())
    .subscription(async function* ({ ctx, signal }) {
      if (!ctx.connection)
        throw new TRPCError({
          code: "METHOD_NOT_SUPPORTED",
          message: "Subscriptions go over the WebSocket.",
        });
      const release = connections().subscribe(ctx.connection, ctx.user.id);
      let wake: (() => void) | null = null;
      let changed = true;
      const off = onInvitations(ctx.user.id, () => {
        changed = true;
        wake?.();
      });
      const stop = () => wake?.();
      signal?.addEventListener("abort", stop);
      try {
        while (!signal?.aborted) {
          if (!changed) await new Promise<void>((resolve) => (wake = resolve));
          if (signal?.aborted) return;
          changed = false;
          const invitations = await pendingInvitations(ctx.db, ctx.user);
          yield tracked(String(Date.now()), invitations);
        }
      } finally {
        off();
        signal?.removeEventListener("abort", stop);
        release();
      }
    }),
});
