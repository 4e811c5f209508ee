import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "@/server/db/embedded";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function dataDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "machiavelox-embedded-test-"));
  dirs.push(dir);
  return dir;
}

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client.query(text).finally(() => client.end());
}

const quiet = () => undefined;

describe("the embedded database", () => {
  it("initialises on first start, and later starts find the same data", async () => {
    const dir = await dataDir();
    const first = await startEmbeddedPostgres(dir, quiet);
    await sql(first.url, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
    expect(await runningEmbeddedUrl(dir)).toBe(first.url);
    await first.stop();
    expect(await runningEmbeddedUrl(dir)).toBeUndefined();

    const second = await startEmbeddedPostgres(dir, quiet);
    expect((await sql(second.url, "SELECT note FROM kept")).rows).toEqual([{ note: "still here" }]);
    await second.stop();
  });

  it("after a crash, stops the database server left running and starts it again", async () => {
    const dir = await dataDir();
    const crashed = await startEmbeddedPostgres(dir, quiet);
    await sql(crashed.url, "CREATE TABLE kept (note text)");
    // No stop(): the server died, its database server did not.
    const log: string[] = [];
    const again = await startEmbeddedPostgres(dir, (message) => log.push(message));
    expect(log.join("\n")).toMatch(/stopping the database server \(pid \d+\) left running/);
    expect((await sql(again.url, "SELECT count(*)::int AS n FROM kept")).rows).toEqual([{ n: 0 }]);
    await again.stop();
  });

  it("starts despite a stale postmaster.pid naming a process that is gone", async () => {
    const dir = await dataDir();
    await (await startEmbeddedPostgres(dir, quiet)).stop();
    await writeFile(path.join(dir, "postgres", "postmaster.pid"), "4194000\n");
    const started = await startEmbeddedPostgres(dir, quiet);
    expect((await sql(started.url, "SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    await started.stop();
  });

  it("refuses a data folder another live server is using", async () => {
    const dir = await dataDir();
    // The test runner's parent is a live Node process, like a running server.
    await writeFile(path.join(dir, "server.pid"), `${process.ppid}\n`);
    await expect(startEmbeddedPostgres(dir, quiet)).rejects.toThrow(
      `another Machiavelox server (pid ${process.ppid}) is using ${dir}`,
    );
  });
});
