import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";

export type Db = PrismaClient;

/** Each client's connection string, for the few writers that bypass Prisma (the live event log). */
const urls = new WeakMap<Db, string>();

/**
 * Prisma's connections: pg's default of 10, made explicit. The live event log writes through a
 * pool of its own (4, event-log.ts), so during play Prisma carries only seats, results and pages,
 * and a transaction seldom waits for a connection (`maxWait`, which bounds that wait, stays 2 s).
 */
const POOL_SIZE = 10;
/**
 * A transaction's statements take milliseconds, but under load each of its round trips also
 * waits for the busy event loop: at 1,000 matches (action p99 ~8 s) a match's end (six round
 * trips: BEGIN, four statements, COMMIT) twice ran past the default 5 s. The timeout only frees
 * a connection a stuck transaction holds, so 15 s; a result write that fails anyway is retried
 * (live-match.ts, storeResults).
 */
const TRANSACTION_TIMEOUT_MS = 15_000;

/**
 * Without these pg waits forever on a database that does not answer (paused, a dead link): a
 * new connection gives up after CONNECT_TIMEOUT_MS; a statement is stopped by the database past
 * STATEMENT_TIMEOUT_MS and given up by the client past QUERY_TIMEOUT_MS (the database may be
 * unable to stop it). Pages and seats take milliseconds; the margin is for a loaded event loop.
 * The live log has its own pool and rules (event-log.ts), and /health its own short wait.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const STATEMENT_TIMEOUT_MS = 10_000;
const QUERY_TIMEOUT_MS = 12_000;

export function createDb(url: string): Db {
  const client = new PrismaClient({
    adapter: new PrismaPg({
      connectionString: url,
      max: POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    }),
    transactionOptions: { maxWait: 2_000, timeout: TRANSACTION_TIMEOUT_MS },
  });
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
