import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { AccountError, grantRole } from "@/server/accounts/accounts";
import { currentUser } from "@/server/auth/session";
import type { Role } from "@/server/accounts/roles";
import { createCallerFactory, protectedProcedure, roleProcedure, router } from "@/server/trpc";
import { contextFor, newPlayer, testDb } from "./helpers";

const db = testDb();

const guarded = router({
  players: protectedProcedure.query(({ ctx }) => ctx.user.name),
  moderators: roleProcedure("MODERATOR").query(() => "moderated"),
  admins: roleProcedure("ADMIN").query(() => "administered"),
});
const callerAs = (user: { id: string; name: string; role: Role } | null) =>
  createCallerFactory(guarded)(contextFor(db, user));

/** Calls over a WebSocket whose context was made at its upgrade: the player's standing cached then. */
async function socketCaller(userId: string) {
  const claims = { userId, version: 0 };
  const user = await currentUser(db, claims);
  return () =>
    createCallerFactory(guarded)({ ...contextFor(db, user), claims, connection: "ws:test" });
}

async function code(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  return error instanceof TRPCError ? error.code : error;
}

describe("roles", () => {
  it("grant changes a player's role, found by name in any case", async () => {
    const player = await newPlayer(db);
    expect((await grantRole(db, player.name.toUpperCase(), "MODERATOR")).role).toBe("MODERATOR");
    expect((await grantRole(db, player.name, "PLAYER")).role).toBe("PLAYER");
    expect((await db.user.findUniqueOrThrow({ where: { id: player.id } })).role).toBe("PLAYER");
  });

  it("grant to an unknown name is a typed error", async () => {
    const error = await grantRole(db, "nobody_at_all", "ADMIN").catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(AccountError);
    expect((error as AccountError).code).toBe("NO_SUCH_PLAYER");
  });

  it("signed out, a protected procedure answers UNAUTHORIZED", async () => {
    expect(await code(callerAs(null).players())).toBe("UNAUTHORIZED");
  });

  it("a moderator procedure refuses players and admits moderators and admins", async () => {
    const player = { id: "x", name: "someone", role: "PLAYER" as const };
    expect(await callerAs(player).players()).toBe("someone");
    expect(await code(callerAs(player).moderators())).toBe("FORBIDDEN");
    expect(await callerAs({ ...player, role: "MODERATOR" }).moderators()).toBe("moderated");
    expect(await code(callerAs({ ...player, role: "MODERATOR" }).admins())).toBe("FORBIDDEN");
    expect(await callerAs({ ...player, role: "ADMIN" }).moderators()).toBe("moderated");
    expect(await callerAs({ ...player, role: "ADMIN" }).admins()).toBe("administered");
  });

  it("a role granted or withdrawn outside this server (the admin CLI) counts at the next moderator call over a WebSocket, whatever the standing cache holds", async () => {
    const player = await newPlayer(db);
    const caller = await socketCaller(player.id);
    expect(await code(caller().moderators())).toBe("FORBIDDEN");
    // The CLI writes the database alone: nothing on this server is told.
    await grantRole(db, player.name, "MODERATOR");
    expect(await caller().moderators()).toBe("moderated");
    await grantRole(db, player.name, "PLAYER");
    expect(await code(caller().moderators())).toBe("FORBIDDEN");
  });

  it("a moderator banned outside this server is refused at their next moderator call over a WebSocket, whatever the standing cache holds", async () => {
    const player = await newPlayer(db);
    await grantRole(db, player.name, "MODERATOR");
    const caller = await socketCaller(player.id);
    expect(await caller().moderators()).toBe("moderated");
    await db.ban.create({ data: { userId: player.id, kind: "MODERATOR", reason: "test" } });
    expect(await code(caller().moderators())).toBe("UNAUTHORIZED");
  });
});
