import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { grantRole } from "@/server/accounts/accounts";
import { Agora } from "@/server/agora/agora";
import { checkAbandonment } from "@/server/agora/fair-play";
import type { SessionUser } from "@/server/auth/session";
import { signIn, SignInError } from "@/server/auth/sign-in";
import { appRouter } from "@/server/routers/_app";
import { adminRouter } from "@/server/routers/admin";
import { createCallerFactory } from "@/server/trpc";
import { contextFor, testDb } from "../db/helpers";
import { player, withLiveMatches } from "./helpers";

const db = testDb();
withLiveMatches(db);

const callerAs = (user: SessionUser | null) => createCallerFactory(appRouter)(contextFor(db, user));

async function refusal(attempt: Promise<unknown>): Promise<TRPCError> {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

async function moderator(): Promise<SessionUser> {
  const one = await player(db);
  await grantRole(db, one.name, "MODERATOR");
  return { ...one, role: "MODERATOR" };
}

/** A valid input for every admin procedure: the refusals must come from the role alone. */
const inputs: Record<keyof typeof adminRouter._def.procedures, unknown> = {
  users: { query: "" },
  ban: { userId: "someone", reason: "cheating", minutes: 60 },
  unban: { userId: "someone", reason: "appeal accepted" },
  setRole: { userId: "someone", role: "MODERATOR" },
  matches: { live: true },
  match: { matchId: "some-match" },
  endMatch: { matchId: "some-match", reason: "abuse at the table" },
  reports: { open: true },
  resolveReport: { reportId: "some-report", resolution: "warned the player" },
  audit: undefined,
};

function callAdmin(user: SessionUser | null, name: string) {
  const admin = callerAs(user).admin as unknown as Record<
    string,
    (input: unknown) => Promise<unknown>
  >;
  return admin[name]!(inputs[name as keyof typeof inputs]);
}

describe("the admin dashboard's procedures", () => {
  it("every admin procedure refuses a signed-out visitor and a player", async () => {
    expect(Object.keys(inputs).sort()).toEqual(Object.keys(adminRouter._def.procedures).sort());
    const one = await player(db);
    for (const name of Object.keys(inputs)) {
      expect([name, (await refusal(callAdmin(null, name))).code]).toEqual([name, "UNAUTHORIZED"]);
      expect([name, (await refusal(callAdmin(one, name))).code]).toEqual([name, "FORBIDDEN"]);
    }
  });

  it("changing roles is for admins only, not moderators", async () => {
    const mod = await moderator();
    expect((await refusal(callAdmin(mod, "setRole"))).code).toBe("FORBIDDEN");
    expect(await callerAs(mod).admin.users({ query: mod.name })).toHaveLength(1);
  });

  it("a moderator's ban refuses sign-in with its reason and end, and queueing; lifting it restores both", async () => {
    const mod = await moderator();
    const banned = await player(db);
    await callerAs(mod).admin.ban({
      userId: banned.id,
      reason: "insults at the table",
      minutes: 90,
    });
    const signInRefusal = await signIn(db, "test-ban", {
      name: banned.name,
      password: "a good password",
    }).catch((error: unknown) => error);
    expect(signInRefusal).toBeInstanceOf(SignInError);
    expect((signInRefusal as Error).message).toMatch(
      /^Your account is banned until \d{4}-\d\d-\d\d \d\d:\d\d UTC: insults at the table$/,
    );
    const queueRefusal = await refusal(new Agora(db).enqueue(banned));
    expect(queueRefusal.code).toBe("FORBIDDEN");
    await callerAs(mod).admin.unban({ userId: banned.id, reason: "appeal accepted" });
    expect(
      await signIn(db, "test-ban", { name: banned.name, password: "a good password" }),
    ).toMatchObject({
      id: banned.id,
    });
    const log = await callerAs(mod).admin.audit();
    expect(
      log.filter((entry) => entry.target?.name === banned.name).map((entry) => entry.action),
    ).toEqual(["unban", "ban"]);
  });

  it("a moderator cannot ban another moderator", async () => {
    const [one, two] = [await moderator(), await moderator()];
    const error = await refusal(
      callerAs(one).admin.ban({ userId: two.id, reason: "no reason", minutes: null }),
    );
    expect(error.code).toBe("FORBIDDEN");
  });

  it("an admin cannot demote another admin, nor change an admin's role at all; players and moderators are theirs to change", async () => {
    const [admin, other, mod] = [await player(db), await player(db), await moderator()];
    await grantRole(db, admin.name, "ADMIN");
    await grantRole(db, other.name, "ADMIN");
    const asAdmin = callerAs({ ...admin, role: "ADMIN" }).admin;
    for (const role of ["PLAYER", "MODERATOR"] as const) {
      const refused = await refusal(asAdmin.setRole({ userId: other.id, role }));
      expect(refused).toMatchObject({
        code: "FORBIDDEN",
        message: "An admin cannot act on an admin.",
      });
    }
    expect(await db.user.findUnique({ where: { id: other.id }, select: { role: true } })).toEqual({
      role: "ADMIN",
    });
    expect(await asAdmin.setRole({ userId: mod.id, role: "PLAYER" })).toEqual({
      name: mod.name,
      role: "PLAYER",
    });
  });

  it("a moderator ends a live match with a recorded reason, and the audit log keeps it", async () => {
    const mod = await moderator();
    const opener = await player(db);
    const { matchId } = await callerAs(opener).game.create({ kind: "single" });
    await callerAs(mod).admin.endMatch({ matchId, reason: "abandoned lobby" });
    const match = await db.match.findUniqueOrThrow({ where: { id: matchId } });
    expect(match).toMatchObject({ status: "ENDED", endedReason: "abandoned lobby" });
    expect((await refusal(callerAs(mod).admin.endMatch({ matchId, reason: "twice" }))).code).toBe(
      "CONFLICT",
    );
    const log = await callerAs(mod).admin.audit();
    expect(log.find((entry) => entry.matchId === matchId)).toMatchObject({ action: "end-match" });
  });

  it("bidi controls (U+202E) in a report, a ban reason and a resolution are dropped before they are stored", async () => {
    const [mod, reporter, reported] = [await moderator(), await player(db), await player(db)];
    const rlo = "\u202E";
    await callerAs(reporter).report.file({
      name: reported.name,
      reason: `${rlo}kcab sdrawkcab${"\u2066"} text\u2069`,
    });
    const ban = await callerAs(mod).admin.ban({
      userId: reported.id,
      reason: `spam ${rlo}at the table\u202C`,
      minutes: 60,
    });
    expect(ban.reason).toBe("spam at the table");
    const report = (await callerAs(mod).admin.reports({ open: true })).find(
      (one) => one.reporter.name === reporter.name,
    )!;
    expect(report.reason).toBe("kcab sdrawkcab text");
    await callerAs(mod).admin.resolveReport({ reportId: report.id, resolution: `${rlo}ok\u200F!` });
    const log = await callerAs(mod).admin.audit();
    expect(log.find((entry) => entry.reportId === report.id)?.detail).toBe("ok!");
    expect(JSON.stringify(log)).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    // Controls alone are no reason.
    const empty = await refusal(
      callerAs(mod).admin.unban({ userId: reported.id, reason: `${rlo}${rlo}${rlo}\u202C` }),
    );
    expect(empty.code).toBe("BAD_REQUEST");
  });

  it("a player's report reaches the moderators, who resolve it", async () => {
    const [mod, reporter, reported] = [await moderator(), await player(db), await player(db)];
    const { id } = await callerAs(reporter).report.file({
      name: reported.name,
      reason: "offensive name",
    });
    expect(
      (await refusal(callerAs(reporter).report.file({ name: reported.name, reason: "again" })))
        .code,
    ).toBe("CONFLICT");
    expect(
      (await callerAs(mod).admin.reports({ open: true })).some((report) => report.id === id),
    ).toBe(true);
    await callerAs(mod).admin.resolveReport({ reportId: id, resolution: "name changed" });
    expect(
      (await callerAs(mod).admin.reports({ open: true })).some((report) => report.id === id),
    ).toBe(false);
  });
});

describe("fair play", () => {
  async function abandon(userId: string, at: Date) {
    await db.match.create({
      data: {
        kind: "COMPETITIVE",
        status: "ENDED",
        endedAt: at,
        seats: { create: { seat: 0, userId, abandoned: true } },
      },
    });
  }

  it("three abandoned competitive hands within a day bring a matchmaking ban that grows: 15 min, then 1 h", async () => {
    const one = await player(db);
    const now = new Date();
    await abandon(one.id, new Date(+now - 25 * 3600_000)); // more than a day ago: forgotten
    await abandon(one.id, new Date(+now - 3600_000));
    await abandon(one.id, new Date(+now - 60_000));
    expect(await checkAbandonment(db, one.id, now)).toBeNull();
    await abandon(one.id, now);
    const first = await checkAbandonment(db, one.id, now);
    expect(+first!.endsAt! - +now).toBe(15 * 60_000);
    const status = await new Agora(db).status(one);
    expect(status.ban).toMatchObject({ kind: "ABANDONMENT", endsAt: first!.endsAt });
    expect((await refusal(new Agora(db).enqueue(one))).message).toMatch(
      /^You are banned from matchmaking until/,
    );
    const later = new Date(+now + 20 * 60_000);
    for (const _ of [1, 2]) await abandon(one.id, later);
    expect(await checkAbandonment(db, one.id, later)).toBeNull(); // the ban's abandonments are spent
    await abandon(one.id, later);
    const second = await checkAbandonment(db, one.id, later);
    expect(+second!.endsAt! - +later).toBe(60 * 60_000);
  });
});
