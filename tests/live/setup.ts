import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { migrate } from "@/server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database that each test file copies (CREATE DATABASE … TEMPLATE). */
    liveTemplateUrl: string;
  }
}

/** One embedded PostgreSQL for the live tests; each file's servers get a database of their own. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "machiavelox-live-test-"));
  const embedded = await startEmbeddedPostgres(dir, () => undefined);
  await migrate(embedded.url);
  project.provide("liveTemplateUrl", embedded.url);
  return async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
