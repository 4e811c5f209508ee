import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { migrate } from "@/server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const MACHINE_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test";

/** A migrated database that no other run touches, and how to remove it. */
async function freshDatabase(
  project: string,
): Promise<{ url: string; remove: () => Promise<void> }> {
  if (project === "db:embedded") {
    const dir = await mkdtemp(path.join(tmpdir(), "machiavelox-db-test-"));
    const embedded = await startEmbeddedPostgres(dir, () => undefined);
    return {
      url: embedded.url,
      remove: async () => {
        await embedded.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const server = new URL(process.env.TEST_POSTGRES_URL ?? MACHINE_POSTGRES);
  const name = `machiavelox_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server.href });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.href, remove: () => admin(`DROP DATABASE "${name}" WITH (FORCE)`) };
}

export default async function setup(project: TestProject) {
  const database = await freshDatabase(project.name);
  await migrate(database.url);
  project.provide("databaseUrl", database.url);
  return database.remove;
}
