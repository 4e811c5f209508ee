// `npm run cluster` (scripts/cluster.ts): two API-only nodes on this file's database and the
// machine's Redis (REDIS_TEST_URL to use another), behind the script's round-robin proxy.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { freePort } from "@/server/db/embedded";
import { TRPC_WS_PATH } from "@/server/http";
import { liveDatabase, SECRET } from "./harness";

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

let cluster: ChildProcess;
let output = "";
let site = "";

beforeAll(async () => {
  const { url } = await liveDatabase();
  const port = await freePort();
  site = `127.0.0.1:${port}`;
  cluster = spawn(
    process.execPath,
    ["--import", "tsx", path.join("scripts", "cluster.ts"), "--nodes", "2", "--api-only"].concat([
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
    ]),
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        REDIS_URL,
        // This file's own site in the shared Redis.
        REDIS_PREFIX: `test:${randomBytes(4).toString("hex")}:`,
        NEXTAUTH_SECRET: SECRET,
        // A handful of requests a second from one address: the proxy's address-setting shows.
        REQUESTS_PER_SECOND: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  cluster.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  cluster.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes("[cluster] ready:")) resolve();
      else if (cluster.exitCode !== null) reject(new Error(`the cluster exited:\n${output}`));
      else return;
      clearInterval(check);
    }, 50);
  });
});

afterAll(() => stop());

function stop(): Promise<number | null> {
  if (cluster.exitCode !== null) return Promise.resolve(cluster.exitCode);
  return new Promise((resolve) => {
    cluster.once("exit", resolve);
    cluster.kill("SIGTERM");
  });
}

describe("npm run cluster", () => {
  it("the proxy sends consecutive requests to the nodes in turn, each saying its name on /health", async () => {
    const nodes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await fetch(`http://${site}/health`);
      expect(answer.status).toBe(200);
      const report = (await answer.json()) as { node: string; ownedMatches: number };
      expect(report.ownedMatches).toBe(0);
      nodes.push(report.node);
    }
    expect(new Set(nodes)).toEqual(new Set(["node-1", "node-2"]));
    expect(nodes[0]).not.toBe(nodes[1]);
    expect(nodes.slice(2)).toEqual(nodes.slice(0, 2));
  });

  it("a WebSocket upgrade passes the proxy and reaches a node's tRPC", async () => {
    const socket = new WebSocket(`ws://${site}${TRPC_WS_PATH}`);
    const answer = await new Promise<unknown>((resolve, reject) => {
      socket.once("error", reject);
      socket.once("open", () =>
        socket.send(
          JSON.stringify({
            id: 1,
            method: "query",
            params: { path: "account.me", input: { json: null } },
          }),
        ),
      );
      socket.on("message", (data: Buffer) => resolve(JSON.parse(data.toString())));
    });
    socket.close();
    expect(answer).toMatchObject({ id: 1, result: { type: "data", data: { json: null } } });
  });

  it("the proxy sets the client's address itself: an X-Forwarded-For the client sends counts for nothing", async () => {
    // Each node lets one address burst five requests; were the forged addresses believed, each
    // would get a burst of its own and none would be refused.
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const answer = await fetch(`http://${site}/nothing-here`, {
        headers: { "x-forwarded-for": `10.9.0.${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  it("SIGTERM stops every node with SIGTERM, then the proxy", async () => {
    const pids = [...output.matchAll(/\(pid (\d+)\)/g)].map((match) => Number(match[1]));
    expect(pids).toHaveLength(2);
    expect(await stop()).toBe(0);
    expect(output.match(/SIGTERM: shutting down/g)).toHaveLength(2);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});
