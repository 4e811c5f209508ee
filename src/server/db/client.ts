import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";

export type Db = PrismaClient;

export function createDb(url: string): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
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
