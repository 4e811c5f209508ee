import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";

export type Db = PrismaClient;

/** Each client's connection string, for the few writers that bypass Prisma (the live event log). */
const urls = new WeakMap<Db, string>();

export function createDb(url: string): Db {
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  urls.set(client, url);
  return client;
}

/** The connection string `db` was created with (by `createDb`). */
export function databaseUrlOf(db: Db): string {
  const url = urls.get(db);
  if (!url) throw new Error("this database client was not made by createDb");
  return url;
}

// Next bundles route handlers and pages apart from the server that tsx loads, so module state
// exists twice; one client for the whole process lives on globalThis.
const shared = globalThis as typeof globalThis & { machiaveloxDb?: Db };

/** The process-wide client, for the database the server started with (DATABASE_URL). */
export function db(): Db {
  if (!shared.machiaveloxDb) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start the app through server.ts");
    shared.machiaveloxDb = createDb(url);
  }
  return shared.machiaveloxDb;
}
