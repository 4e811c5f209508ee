import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { createDb } from "@/server/db/client";
import type { Context } from "@/server/context";
import { signUp } from "@/server/accounts/accounts";

/** The run's database (see setup.ts); closed after the file's tests. */
export function testDb() {
  const db = createDb(inject("databaseUrl"));
  afterAll(() => db.$disconnect());
  return db;
}

/** A name no other test uses: test files share one database and run in parallel. */
export function uniqueName(prefix = "p"): string {
  return `${prefix}_${randomBytes(6).toString("hex")}`;
}

export function contextFor(db: Context["db"], user: Context["user"] = null): Context {
  return { db, user, clientAddress: "test" };
}

export async function newPlayer(db: Context["db"], password = "a good password") {
  return signUp(db, { name: uniqueName(), password });
}
