import { TRPCError } from "@trpc/server";
import { describe, expect, inject, it } from "vitest";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory } from "@/server/trpc";
import { verifyPassword } from "@/server/accounts/password";
import { pendingMigrations } from "@/server/db/migrate";
import { contextFor, testDb, uniqueName } from "./helpers";

const db = testDb();
const caller = createCallerFactory(appRouter)(contextFor(db));

async function refusal(attempt: Promise<unknown>): Promise<TRPCError> {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("sign-up", () => {
  it("the database has every committed migration", async () => {
    expect(await pendingMigrations(inject("databaseUrl"))).toEqual([]);
  });

  it("creates a player with a hashed password", async () => {
    const name = uniqueName();
    expect(await caller.account.signUp({ name, password: "a good password" })).toEqual({ name });
    const user = await db.user.findUniqueOrThrow({ where: { name } });
    expect(user.role).toBe("PLAYER");
    expect(user.passwordHash).not.toContain("a good password");
    expect(await verifyPassword("a good password", user.passwordHash)).toBe(true);
  });

  it("refuses a taken name, whatever its case, and writes nothing", async () => {
    const name = uniqueName("Taken");
    await caller.account.signUp({ name, password: "a good password" });
    const before = await db.user.count();
    const error = await refusal(
      caller.account.signUp({ name: name.toLowerCase(), password: "another password" }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("That name is taken.");
    expect(await db.user.count()).toBe(before);
  });

  it.each([
    ["an empty name", { name: "", password: "a good password" }],
    ["a too-long name", { name: "n".repeat(21), password: "a good password" }],
    ["a name with spaces", { name: "two words", password: "a good password" }],
    ["a short password", { name: uniqueName(), password: "short" }],
    ["a malformed request", { name: 42, password: ["not", "a", "string"] }],
  ])("refuses %s with BAD_REQUEST and writes nothing", async (_, input) => {
    const before = await db.user.count();
    const error = await refusal(caller.account.signUp(input as never));
    expect(error.code).toBe("BAD_REQUEST");
    expect(await db.user.count()).toBe(before);
  });
});
