import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const root = process.cwd();

/** Migrations committed in prisma/migrations that this database has not applied yet. */
export async function pendingMigrations(url: string): Promise<string[]> {
  const dir = path.join(root, "prisma", "migrations");
  const committed = (await readdir(dir, { withFileTypes: true }))
    .filter(
      (entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")),
    )
    .map((entry) => entry.name)
    .sort();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(
      "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists",
    );
    if (!rows[0]?.exists) return committed;
    const applied = await client.query<{ migration_name: string }>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    const done = new Set(applied.rows.map((row) => row.migration_name));
    return committed.filter((name) => !done.has(name));
  } finally {
    await client.end();
  }
}

/**
 * Applies the pending migrations with `prisma migrate deploy` (the WebAssembly schema engine,
 * see prisma.config.ts) and returns their names. The CLI is only started when there is work:
 * its engine leaves a 10 s timer behind that delays its exit.
 */
export async function migrate(url: string): Promise<string[]> {
  const pending = await pendingMigrations(url);
  if (pending.length === 0) return [];
  const cli = createRequire(path.join(root, "package.json")).resolve("prisma/build/index.js");
  await run(process.execPath, [cli, "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: "1" },
  });
  return pending;
}
