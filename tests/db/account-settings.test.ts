import { TRPCError } from "@trpc/server";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import {
  deleteAccount,
  DELETED_NAME_PREFIX,
  REMOVED_REPORT_TEXT,
} from "@/server/accounts/accounts";
import { FAILED_SIGN_INS_ALLOWED } from "@/server/auth/sign-in";
import { type SessionUser, sessionUser } from "@/server/auth/session";
import { signIn } from "@/server/auth/sign-in";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory } from "@/server/trpc";
import { contextFor, newPlayer, testDb, uniqueName } from "./helpers";

// Changing a password and deleting an account, both only with the current password.

const db = testDb();
const secret = "a test secret that is long enough to sign";
process.env.NEXTAUTH_SECRET = secret;

const password = "a good password";
const callerAs = (user: SessionUser) => createCallerFactory(appRouter)(contextFor(db, user));
const signsIn = (name: string, typed: string) =>
  signIn(db, uniqueName("client"), { name, password: typed }).then(
    () => true,
    () => false,
  );

async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const { code, cause } = error as TRPCError;
  const { code: accountCode, field } = (cause ?? {}) as { code?: string; field?: string };
  return { code, accountCode, field };
}

describe("changing the password", () => {
  it("takes the current password; then the new one signs in and the old one no longer", async () => {
    const player = await newPlayer(db, password);
    await callerAs(player).account.changePassword({
      currentPassword: password,
      password: "a new password",
    });
    expect(await signsIn(player.name, "a new password")).toBe(true);
    expect(await signsIn(player.name, password)).toBe(false);
  });

  it("a wrong current password is refused and changes nothing", async () => {
    const player = await newPlayer(db, password);
    const refused = await refusal(
      callerAs(player).account.changePassword({
        currentPassword: "not my password",
        password: "a new password",
      }),
    );
    expect(refused).toEqual({
      code: "BAD_REQUEST",
      accountCode: "WRONG_PASSWORD",
      field: "currentPassword",
    });
    expect(await signsIn(player.name, password)).toBe(true);
  });

  it("a stolen session guessing the current password is stopped after 10 tries", async () => {
    const player = await newPlayer(db, password);
    const change = (currentPassword: string) =>
      callerAs(player).account.changePassword({ currentPassword, password: "a new password" });
    const guesses = await Promise.all(
      Array.from({ length: FAILED_SIGN_INS_ALLOWED + 5 }, (_, i) => refusal(change(`guess ${i}`))),
    );
    expect(guesses.filter((one) => one.accountCode === "WRONG_PASSWORD")).toHaveLength(
      FAILED_SIGN_INS_ALLOWED,
    );
    expect((await refusal(change(password))).accountCode).toBe("TOO_MANY_REQUESTS");
  });
});

describe("deleting the account", () => {
  it("a wrong password deletes nothing", async () => {
    const player = await newPlayer(db, password);
    const refused = await refusal(callerAs(player).account.delete({ password: "not mine" }));
    expect(refused).toMatchObject({ code: "BAD_REQUEST", accountCode: "WRONG_PASSWORD" });
    expect((await db.user.findUniqueOrThrow({ where: { id: player.id } })).deletedAt).toBeNull();
  });

  it("removes the name, address, password and report texts; its sessions and sign-in end; the name is free again", async () => {
    const [player, other] = [await newPlayer(db, password), await newPlayer(db)];
    await db.user.update({
      where: { id: player.id },
      data: { email: `${player.name}@example.test`, emailVerifiedAt: new Date() },
    });
    await db.report.create({
      data: { reporterId: player.id, reportedId: other.id, reason: "my own words about them" },
    });
    const cookie = `next-auth.session-token=${await encode({ token: { sub: player.id, name: player.name }, secret })}`;
    expect(await sessionUser({ cookie }, db)).toMatchObject({ id: player.id });

    // No live seats here (tests/games/account-deletion.test.ts gives them up).
    await deleteAccount(db, player, password, async () => undefined);

    const row = await db.user.findUniqueOrThrow({ where: { id: player.id } });
    expect(row.name.startsWith(DELETED_NAME_PREFIX)).toBe(true);
    expect(row).toMatchObject({ email: null, emailVerifiedAt: null, passwordHash: "" });
    expect(row.deletedAt).toBeInstanceOf(Date);
    const reports = await db.report.findMany({ where: { reporterId: player.id } });
    expect(reports.map((report) => report.reason)).toEqual([REMOVED_REPORT_TEXT]);
    expect(await sessionUser({ cookie }, db)).toBeNull();
    expect(await signsIn(player.name, password)).toBe(false);
    expect(await signsIn(row.name, "")).toBe(false);
    const again = await createCallerFactory(appRouter)(contextFor(db)).account.signUp({
      name: player.name,
      password,
    });
    expect(again).toEqual({ name: player.name });
  });
});
