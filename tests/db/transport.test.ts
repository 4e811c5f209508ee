import type { AddressInfo } from "node:net";
import {
  createTRPCClient,
  createWSClient,
  httpLink,
  type TRPCClientError,
  wsLink,
} from "@trpc/client";
import { encode } from "next-auth/jwt";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { errorText } from "@/i18n/errors";
import { translator } from "@/i18n/catalog";
import { TRPCError } from "@trpc/server";
import { authOptions } from "@/server/auth/options";
import { revokeSessions } from "@/server/auth/session";
import { createAppServer, TRPC_HTTP_PATH, TRPC_WS_PATH } from "@/server/http";
import { publicError } from "@/server/internal-errors";
import type { AppRouter } from "@/server/routers/_app";
import { newPlayer, testDb } from "./helpers";

// The custom server's own transports: the session cookie is honoured over HTTP and on the
// WebSocket upgrade alike.
const secret = "a test secret that is long enough to sign";
Object.assign(process.env, { DATABASE_URL: inject("databaseUrl"), NEXTAUTH_SECRET: secret });

const db = testDb();
const app = createAppServer({
  trustProxy: false,
  fallback: (_req, res) => res.writeHead(404).end(),
  requestsPerSecond: 10_000,
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  origin = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

async function cookieFor(player: { id: string; name: string }, sessionVersion?: number) {
  const token = { sub: player.id, name: player.name, sv: sessionVersion };
  return `next-auth.session-token=${await encode({ token, secret })}`;
}

function httpClient(cookie?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `http://${origin}${TRPC_HTTP_PATH}`,
        transformer: superjson,
        headers: cookie ? { cookie } : {},
      }),
    ],
  });
}

function wsClient(cookie?: string) {
  const headers = cookie ? { cookie } : {};
  // Browsers send the cookie with the upgrade request themselves; `ws` needs it spelled out.
  class WithCookie extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  }
  const closeCodes: number[] = [];
  const client = createWSClient({
    url: `ws://${origin}${TRPC_WS_PATH}`,
    WebSocket: WithCookie as never,
    onClose: (cause) => closeCodes.push(cause?.code ?? 0),
  });
  return {
    trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] }),
    closeCodes,
    close: () => client.close(),
  };
}

describe("transports", () => {
  it("over HTTP, the session cookie names the player; without it there is none", async () => {
    const player = await newPlayer(db);
    expect(await httpClient(await cookieFor(player)).account.me.query()).toEqual({
      id: player.id,
      name: player.name,
      role: "PLAYER",
    });
    expect(await httpClient().account.me.query()).toBeNull();
  });

  it("over the WebSocket, the session comes from the upgrade request's cookie", async () => {
    const player = await newPlayer(db);
    const signedIn = wsClient(await cookieFor(player));
    const signedOut = wsClient();
    try {
      expect(await signedIn.trpc.account.me.query()).toMatchObject({ name: player.name });
      expect(await signedOut.trpc.account.me.query()).toBeNull();
    } finally {
      await Promise.all([signedIn.close(), signedOut.close()]);
    }
  });

  it("a forged session cookie counts as signed out", async () => {
    const forged = "next-auth.session-token=not-a-real-token";
    expect(await httpClient(forged).account.me.query()).toBeNull();
  });

  it("a refusal travels with its code and arguments, so an Italian reader reads it in Italian", async () => {
    const cookie = await cookieFor(await newPlayer(db));
    const failure = await httpClient(cookie)
      .game.join.mutate({ code: "ZZZZZZ" })
      .catch((error: unknown) => error);
    expect(errorText(failure, translator("en"))).toBe("No game has this code.");
    expect(errorText(failure, translator("it"))).toBe("Nessuna partita ha questo codice.");
    const missing = await httpClient(cookie)
      .report.file.mutate({ name: "nobody_here", reason: "insults" })
      .catch((error: unknown) => error);
    expect(errorText(missing, translator("it"))).toBe(
      "Non c'è nessun giocatore di nome «nobody_here».",
    );
  });

  it("after a sign-out, the old session token is refused over HTTP and its open socket is closed", async () => {
    const player = await newPlayer(db);
    const old = await cookieFor(player);
    const socket = wsClient(old);
    try {
      expect(await socket.trpc.account.me.query()).toMatchObject({ id: player.id });
      // What next-auth runs when the player signs out (src/server/auth/options.ts).
      await authOptions.events!.signOut!({ token: { sub: player.id }, session: null as never });
      expect(await httpClient(old).account.me.query()).toBeNull();
      await expect.poll(() => socket.closeCodes).toContain(1008);
      // The client reconnects with the old cookie, which now counts as signed out; a call made
      // while it is reconnecting fails on the client side, so ask until the server answers.
      await expect
        .poll(() =>
          socket.trpc.match.mine.query().then(
            () => "answered",
            (error: TRPCClientError<AppRouter>) => error.data?.code ?? error.message,
          ),
        )
        .toBe("UNAUTHORIZED");
      // A token made after the sign-out carries the new version and counts.
      expect(await httpClient(await cookieFor(player, 1)).account.me.query()).toMatchObject({
        id: player.id,
      });
      await revokeSessions(player.id, db);
      expect(await httpClient(await cookieFor(player, 1)).account.me.query()).toBeNull();
    } finally {
      await socket.close();
    }
  });

  it("an internal failure's text (a refused database connection) never reaches the player", () => {
    const error = new TRPCError({
      code: "INTERNAL_SERVER_ERROR",
      cause: new Error("connect ECONNREFUSED 127.0.0.1:35123"),
    });
    const answer = publicError(error);
    expect(answer.message).toMatch(/^Something went wrong on the server \(error [0-9a-f]{8}\)/);
    expect(answer.message).not.toMatch(/ECONNREFUSED/);
    expect(answer.errorId).toMatch(/^[0-9a-f]{8}$/);
    // Our own refusals keep their words.
    const refusal = new TRPCError({ code: "CONFLICT", message: "This match has already ended." });
    expect(publicError(refusal)).toEqual({
      message: "This match has already ended.",
      errorId: null,
    });
  });

  it("a flood from one address is refused at the door, before its body or session is read; other addresses and the health probe pass", async () => {
    let pages = 0;
    const gated = createAppServer({
      trustProxy: true,
      fallback: (_req, res) => res.writeHead(404).end(String(++pages)),
      requestsPerSecond: 1,
    });
    await new Promise<void>((resolve) => gated.server.listen(0, "127.0.0.1", resolve));
    const at = `127.0.0.1:${(gated.server.address() as AddressInfo).port}`;
    const from = (address: string) => ({ "x-forwarded-for": address });
    try {
      // A burst of five seconds' worth passes; then a socket opening is refused before its
      // cookie is decoded, and requests, malformed as they are, are refused for their rate and
      // never parsed (a parsed one would be answered 400).
      const burst = await Promise.all(
        Array.from({ length: 5 }, () => fetch(`http://${at}/page`, { headers: from("10.0.0.1") })),
      );
      expect(burst.map((answer) => answer.status)).toEqual(Array(5).fill(404));
      const upgrade = await new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`ws://${at}${TRPC_WS_PATH}`, { headers: from("10.0.0.1") });
        socket.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        socket.once("open", () => reject(new Error("the upgrade was accepted")));
        socket.once("error", reject);
      });
      expect(upgrade).toBe(429);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`http://${at}${TRPC_HTTP_PATH}/account.signUp`, {
            method: "POST",
            headers: { ...from("10.0.0.1"), "content-type": "application/json" },
            body: "{ not json",
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      // A slow machine may refill a token or two while the requests are sent.
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(16);
      expect(statuses.filter((status) => status !== 429).every((status) => status === 400)).toBe(
        true,
      );
      const flood = answers.find((answer) => answer.status === 429)!;
      expect(Number(flood.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(((await flood.json()) as { error: { message: string } }).error.message).toMatch(
        /Too many requests/,
      );
      for (const answer of answers) if (answer !== flood) await answer.arrayBuffer();
      expect(pages).toBe(5);
      // Another address, the build's static files and the health probe are not held back.
      expect((await fetch(`http://${at}/page`, { headers: from("10.0.0.2") })).status).toBe(404);
      expect(
        (await fetch(`http://${at}/_next/static/chunk.js`, { headers: from("10.0.0.1") })).status,
      ).toBe(404);
      // (No live matches run in this test: the probe answers that it is unavailable.)
      expect((await fetch(`http://${at}/health`, { headers: from("10.0.0.1") })).status).toBe(503);
    } finally {
      await gated.close();
    }
  });

  it("behind the trusted proxy, addresses a client writes into X-Forwarded-For itself are not its address: a flood from one client stays one client", async () => {
    const gated = createAppServer({
      trustProxy: true,
      fallback: (_req, res) => res.writeHead(404).end(),
      requestsPerSecond: 1,
    });
    await new Promise<void>((resolve) => gated.server.listen(0, "127.0.0.1", resolve));
    const at = `127.0.0.1:${(gated.server.address() as AddressInfo).port}`;
    try {
      // The proxy appends the address it saw (10.0.0.9) to whatever the client sent.
      const statuses = [];
      for (let n = 0; n < 12; n++) {
        const headers = { "x-forwarded-for": `192.168.${n}.1, 10.0.0.9` };
        statuses.push((await fetch(`http://${at}/page`, { headers })).status);
      }
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
    } finally {
      await gated.close();
    }
  });

  it("other paths go to the page handler (Next.js)", async () => {
    expect((await fetch(`http://${origin}/anything`)).status).toBe(404);
  });
});
