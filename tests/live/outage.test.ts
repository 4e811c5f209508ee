// The database stops answering under a live server: paused (SIGSTOP, on a PostgreSQL of this
// file's own, so no other file's server is paused with it), or refusing every connection.

import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/server/db/client";
import { startEmbeddedPostgres } from "@/server/db/embedded";
import { migrate } from "@/server/db/migrate";
import { eventually, liveServer } from "./harness";
import { followSeat, seatedTable, send } from "./table";

const dir = await mkdtemp(path.join(tmpdir(), "machiavelox-outage-test-"));
const embedded = await startEmbeddedPostgres(dir, () => undefined);
afterAll(async () => {
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
});
await migrate(embedded.url);
const db = createDb(embedded.url);
afterAll(() => db.$disconnect());
const server = await liveServer(embedded.url);

/** The cluster's processes: the postmaster and its children (the connections' backends). */
function clusterPids(): number[] {
  const pidFile = path.join(dir, "postgres", "postmaster.pid");
  const postmaster = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  const children = readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command's closing parenthesis: state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      return parent === postmaster ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
  return [postmaster, ...children];
}

function signalCluster(signal: "SIGSTOP" | "SIGCONT") {
  for (const pid of clusterPids()) process.kill(pid, signal);
}

async function timedHealth(): Promise<{ status: number; ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(`http://${server.origin}/health`);
  return { status: response.status, body: await response.json(), ms: performance.now() - started };
}

/** Refuses every new connection to the server's database and ends the open ones; `false` undoes it. */
async function refuseConnections(refuse: boolean) {
  const maintenance = new URL(embedded.url);
  const database = maintenance.pathname.slice(1);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.href });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS ${!refuse}`);
    if (refuse)
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [database],
      );
  } finally {
    await admin.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the database paused (SIGSTOP)", () => {
  it("while the database is paused, /health says so and actions are refused at once with a clear error; all recovers after", async () => {
    // /health answers 503 within 2 s; the database resumes on SIGCONT.
    const table = await seatedTable(server, db);
    const [first] = table.seats;
    signalCluster("SIGSTOP");
    try {
      const health = await timedHealth();
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(2_000);
      expect(health.body).toMatchObject({ status: "unavailable", database: "unreachable" });

      // The probe finds the stall within a second; past the 2 s allowed, new work is refused.
      await sleep(3_500);
      const started = performance.now();
      const refused = await send(first!, table.matchId, { do: "draw" });
      const opened = await first!.client.trpc.match.open.mutate().catch((error: Error) => error);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(refused).toMatchObject({
        ok: false,
        code: "SERVICE_UNAVAILABLE",
        message: "The database is not answering: nothing was changed. Try again in a moment.",
      });
      expect(opened).toMatchObject({ message: refused.ok ? "" : refused.message });
      expect((await timedHealth()).ms).toBeLessThan(500);
    } finally {
      signalCluster("SIGCONT");
    }
    for (let tries = 0; (await timedHealth()).status !== 200; tries++) {
      if (tries > 100) throw new Error("the server did not recover");
      await sleep(100);
    }
    expect(await send(first!, table.matchId, { do: "draw" })).toMatchObject({ ok: true });
    await table.close();
  });
});

describe("the database refusing connections", () => {
  it("§11 a seat that stops following while presence cannot be logged is marked away once the database is back", async () => {
    const table = await seatedTable(server, db);
    const [watcher, , leaving] = table.seats;
    await refuseConnections(true);
    try {
      leaving!.unsubscribe();
      await eventually(
        () => server.output.includes("presence change not logged"),
        "the failed presence change",
      );
      expect(watcher!.bot.present[2]).toBe(true);
    } finally {
      await refuseConnections(false);
    }
    await eventually(() => watcher!.bot.present[2] === false, "seat 2 away", 15_000);
    await table.close();
  });

  it("§11 a seat that follows again while presence cannot be logged is present once the database is back, not timed out", async () => {
    const table = await seatedTable(server, db);
    const [watcher, , returning] = table.seats;
    returning!.unsubscribe();
    await eventually(() => watcher!.bot.present[2] === false, "seat 2 away");
    await refuseConnections(true);
    try {
      const again = followSeat(returning!, table.matchId);
      table.seats[2] = again;
      await sleep(1_000);
      expect(watcher!.bot.present[2]).toBe(false);
    } finally {
      await refuseConnections(false);
    }
    await eventually(() => watcher!.bot.present[2] === true, "seat 2 present", 15_000);
    await table.close();
  });
});
