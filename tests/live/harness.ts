// Real servers for the live tests: each test file gets its own database (a copy of the migrated
// template), starts the API server as a child process on a free port, and talks to it through
// real WebSocket clients whose every received frame is recorded.

import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from "@trpc/client";
import { encode } from "next-auth/jwt";
import pg from "pg";
import superjson from "superjson";
import { afterAll, inject } from "vitest";
import WebSocket from "ws";
import { signUp } from "@/server/accounts/accounts";
import { createDb, type Db } from "@/server/db/client";
import { freePort } from "@/server/db/embedded";
import { TRPC_WS_PATH } from "@/server/http";
import type { AppRouter } from "@/server/routers/_app";

export const SECRET = "the live tests' secret, long enough to sign sessions";

async function admin(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** A database for this test file, copied from the migrated template; dropped after the file. */
export async function liveDatabase(): Promise<{ url: string; db: Db }> {
  const template = new URL(inject("liveTemplateUrl"));
  const name = `live_${process.pid}_${randomBytes(4).toString("hex")}`;
  const maintenance = new URL(template);
  maintenance.pathname = "/postgres";
  await admin(
    maintenance.href,
    `CREATE DATABASE "${name}" TEMPLATE "${template.pathname.slice(1)}"`,
  );
  const url = new URL(template);
  url.pathname = `/${name}`;
  const db = createDb(url.href);
  afterAll(async () => {
    await db.$disconnect();
    await admin(maintenance.href, `DROP DATABASE "${name}" WITH (FORCE)`);
  });
  return { url: url.href, db };
}

/** The API server (src/server/api-server.ts) as a child process. */
export class LiveServer {
  origin = "";
  output = "";
  private child: ChildProcess | null = null;

  constructor(
    private readonly databaseUrl: string,
    /** More settings for this server (a test clock, a deal seed). */
    private readonly env: Record<string, string> = {},
  ) {}

  /** Starts the server, on the port it had before when restarted (clients reconnect there). */
  async start(): Promise<void> {
    const port = this.origin ? Number(this.origin.split(":")[1]) : await freePort();
    this.origin = `127.0.0.1:${port}`;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join("src", "server", "api-server.ts")],
      {
        cwd: process.cwd(),
        env: {
          ...process.env,
          NODE_ENV: "test",
          HOST: "127.0.0.1",
          PORT: String(port),
          DATABASE_URL: this.databaseUrl,
          NEXTAUTH_SECRET: SECRET,
          LOG_LEVEL: "info",
          // Every simulated player connects from 127.0.0.1: one address for a whole site.
          REQUESTS_PER_SECOND: "100000",
          ...this.env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    this.child = child;
    child.stdout?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${this.output}`);
      const health = await fetch(`http://${this.origin}/health`).catch(() => null);
      if (health?.ok) return;
      if (tries > 600) throw new Error(`the server did not start:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The process runs (started, not stopped or killed). */
  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGTERM, and wait for the process to exit. */
  stop(): Promise<number | null> {
    return this.signal("SIGTERM");
  }

  /** SIGKILL: the process dies at once, nothing flushed. */
  kill(): Promise<number | null> {
    return this.signal("SIGKILL");
  }

  /**
   * SIGSTOP: the process freezes where it is (a long pause, a VM stalled) with its sockets
   * open; it goes on, timers overdue and input queued, at `resume`.
   */
  pause(): void {
    if (this.running) this.child!.kill("SIGSTOP");
  }

  /** SIGCONT: a paused process goes on. */
  resume(): void {
    if (this.running) this.child!.kill("SIGCONT");
  }

  private signal(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return Promise.resolve(child?.exitCode ?? null);
    return new Promise((resolve) => {
      child.once("exit", (code) => resolve(code));
      child.kill(signal);
      // A paused process handles its signal only once it goes on.
      child.kill("SIGCONT");
    });
  }
}

/** A server for this test file, stopped after it. */
export async function liveServer(
  databaseUrl: string,
  env?: Record<string, string>,
): Promise<LiveServer> {
  const server = new LiveServer(databaseUrl, env);
  afterAll(() => server.stop());
  await server.start();
  return server;
}

export type Player = { id: string; name: string; cookie: string };

/** A signed-up player with a session cookie signed by the server's secret. */
export async function newPlayer(db: Db): Promise<Player> {
  const name = `p_${randomBytes(5).toString("hex")}`;
  const user = await signUp(db, { name, password: "a good password" });
  const token = await encode({ token: { sub: user.id, name: user.name }, secret: SECRET });
  return { id: user.id, name: user.name, cookie: `next-auth.session-token=${token}` };
}

export type Client = {
  trpc: TRPCClient<AppRouter>;
  /** Every frame the server sent this client, as received. */
  frames: string[];
  /** The client's sockets, the current one last (the link opens a new one to reconnect). */
  sockets: WebSocket[];
  /** The close codes the server sent, in order. */
  closeCodes: number[];
  close: () => Promise<void>;
};

/**
 * Where a client connects: a server, or (a site of several nodes) a function naming the node's
 * address at each connection, as a load balancer would pick one.
 */
export type Target = LiveServer | (() => string);

/** A real WebSocket client for `player` (or signed out), recording every frame it receives. */
export function connect(server: Target, player?: Player): Client {
  const frames: string[] = [];
  const sockets: WebSocket[] = [];
  const closeCodes: number[] = [];
  const headers = player ? { cookie: player.cookie } : {};
  class Recording extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
      this.on("message", (data) => frames.push(data.toString()));
      this.on("close", (code) => closeCodes.push(code));
      sockets.push(this);
    }
  }
  const client = createWSClient({
    url:
      typeof server === "function"
        ? () => `ws://${server()}${TRPC_WS_PATH}`
        : `ws://${server.origin}${TRPC_WS_PATH}`,
    WebSocket: Recording as never,
    retryDelayMs: () => 100,
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] });
  return { trpc, frames, sockets, closeCodes, close: () => client.close() };
}

/** Polls until `read` answers something other than null. */
export async function until<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  for (let tries = 0; tries < 150; tries++) {
    const answer = await read();
    if (answer !== null) return answer;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until `check` holds, polling; a timeout says what `seen` reports (what was there instead). */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 10_000,
  seen?: () => string,
): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}${seen ? `; seen: ${seen()}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
