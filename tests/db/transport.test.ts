import type { AddressInfo } from "node:net";
import { createTRPCClient, createWSClient, httpLink, wsLink } from "@trpc/client";
import { encode } from "next-auth/jwt";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { errorText } from "@/i18n/errors";
import { dictionary } from "@/i18n/messages";
import { createAppServer, TRPC_HTTP_PATH, TRPC_WS_PATH } from "@/server/http";
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
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
  origin = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

async function cookieFor(player: { id: string; name: string }) {
  return `next-auth.session-token=${await encode({ token: { sub: player.id, name: player.name }, secret })}`;
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
  const client = createWSClient({
    url: `ws://${origin}${TRPC_WS_PATH}`,
    WebSocket: WithCookie as never,
  });
  return {
    trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] }),
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
    expect(errorText(failure, dictionary("en"))).toBe("No game has this code.");
    expect(errorText(failure, dictionary("it"))).toBe("Nessuna partita ha questo codice.");
    const missing = await httpClient(cookie)
      .report.file.mutate({ name: "nobody_here", reason: "insults" })
      .catch((error: unknown) => error);
    expect(errorText(missing, dictionary("it"))).toBe(
      "Non c'è nessun giocatore di nome «nobody_here».",
    );
  });

  it("other paths go to the page handler (Next.js)", async () => {
    expect((await fetch(`http://${origin}/anything`)).status).toBe(404);
  });
});
