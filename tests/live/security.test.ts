// Attacks on the live server's transports (issue 52), each performed against a real server
// process: cross-site sockets and forms, floods of sockets and subscriptions, stale sockets
// after a ban or a demotion, a malformed cookie, a shared address's rate limit, leaked errors.

import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  SIGNED_OUT_SOCKETS_PER_ADDRESS,
  SOCKETS_PER_PLAYER,
  SUBSCRIPTIONS_PER_PLAYER,
  SUBSCRIPTIONS_PER_SOCKET,
} from "@/server/connections";
import { freePort } from "@/server/db/embedded";
import { TRPC_HTTP_PATH, TRPC_WS_PATH } from "@/server/http";
import { PLAYER_ACTIONS_PER_SECOND } from "@/server/matches/registry";
import type { AppRouter } from "@/server/routers/_app";
import { connect, eventually, liveDatabase, liveServer, newPlayer, type Player } from "./harness";
import { send, seatedTable } from "./table";

const { url, db } = await liveDatabase();
const server = await liveServer(url);
/** Another origin of the same host: another port. */
const foreignOrigin = `http://127.0.0.1:${await freePort()}`;

function httpClient(player?: Player, cookie = player?.cookie) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `http://${server.origin}${TRPC_HTTP_PATH}`,
        transformer: superjson,
        headers: cookie ? { cookie } : {},
      }),
    ],
  });
}

/** Opens a raw socket; resolves with "open" or the HTTP status the upgrade was refused with. */
function rawSocket(
  headers: Record<string, string>,
): Promise<{ outcome: number | "open"; socket: WebSocket }> {
  const socket = new WebSocket(`ws://${server.origin}${TRPC_WS_PATH}`, { headers });
  return new Promise((resolve) => {
    socket.once("open", () => resolve({ outcome: "open", socket }));
    socket.once("unexpected-response", (_req, res) => {
      resolve({ outcome: res.statusCode ?? 0, socket });
      socket.terminate();
    });
    socket.once("error", () => resolve({ outcome: 0, socket }));
  });
}

async function withRole(player: Player, role: "MODERATOR" | "ADMIN") {
  await db.user.update({ where: { id: player.id }, data: { role } });
  return player;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof TRPCClientError ? error : Promise.reject(error)),
  );

describe("security of the transports", () => {
  it("a demoted moderator's old socket can no longer call admin procedures", async () => {
    const [moderator, admin, someone] = await Promise.all([
      newPlayer(db).then((p) => withRole(p, "MODERATOR")),
      newPlayer(db).then((p) => withRole(p, "ADMIN")),
      newPlayer(db),
    ]);
    const old = connect(server, moderator);
    try {
      await expect(old.trpc.admin.users.query({ query: "" })).resolves.toBeInstanceOf(Array);
      await httpClient(admin).admin.setRole.mutate({ userId: moderator.id, role: "PLAYER" });
      const refused = await failure(old.trpc.admin.users.query({ query: "" }));
      expect(refused?.data).toMatchObject({ code: "FORBIDDEN" });
      const ban = await failure(
        old.trpc.admin.ban.mutate({ userId: someone.id, reason: "no reason", minutes: 10 }),
      );
      expect(ban?.data).toMatchObject({ code: "FORBIDDEN" });
      expect(await db.ban.count({ where: { userId: someone.id } })).toBe(0);
    } finally {
      await old.close();
    }
  });

  it("a banned player's old socket is closed at once and can no longer draw", async () => {
    const table = await seatedTable(server, db, 21);
    const moderator = await newPlayer(db).then((p) => withRole(p, "MODERATOR"));
    const [a] = table.seats;
    // A socket the test holds itself, with no client to reconnect it.
    const { socket } = await rawSocket({ cookie: a!.player.cookie });
    const closed = new Promise<number>((resolve) => socket.once("close", resolve));
    try {
      await httpClient(moderator).admin.ban.mutate({
        userId: a!.player.id,
        reason: "cheating",
        minutes: 60,
      });
      expect(await closed).toBe(1008);
      await eventually(() => a!.client.closeCodes.includes(1008), "the seat's socket closed");
      // Connecting again with the same cookie gets nowhere either.
      const again = connect(server, a!.player);
      // What b sees of a's seat: its hand and stock (presence may change: a's seat went away).
      const seatOfA = () => {
        const view = table.seats[1]!.bot.view!.hand.seats[0]!;
        return { hand: view.handCount, stock: view.stockCount };
      };
      const before = seatOfA();
      expect(await send({ ...a!, client: again }, table.matchId, { do: "draw" })).toMatchObject({
        ok: false,
        code: "UNAUTHORIZED",
      });
      await again.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seatOfA()).toEqual(before);
    } finally {
      await table.close();
    }
  });

  it("a page of another origin cannot open the player's socket", async () => {
    // Another port of the same host is another origin.
    const player = await newPlayer(db);
    const foreign = await rawSocket({ cookie: player.cookie, origin: foreignOrigin });
    expect(foreign.outcome).toBe(403);
    const own = await rawSocket({ cookie: player.cookie, origin: `http://${server.origin}` });
    expect(own.outcome).toBe("open");
    own.socket.close();
  });

  it("a cross-site form post acts on nothing", async () => {
    // Multipart, octet-stream and a foreign Origin, to open, practise, queue and cancel.
    const player = await newPlayer(db);
    const client = httpClient(player);
    await client.agora.queue.mutate();
    const body = JSON.stringify({ json: null });
    const form = new FormData();
    form.set("json", "null");
    const attempts: { headers: Record<string, string>; body: BodyInit; status: number }[] = [
      { headers: {}, body: form, status: 415 },
      { headers: { "content-type": "application/octet-stream" }, body, status: 415 },
      { headers: { "content-type": "text/plain" }, body, status: 415 },
      {
        headers: { "content-type": "application/json", origin: foreignOrigin },
        body,
        status: 403,
      },
      {
        headers: { "content-type": "application/json", "sec-fetch-site": "same-site" },
        body,
        status: 403,
      },
    ];
    for (const procedure of ["match.open", "practice.start", "agora.queue", "agora.cancel"]) {
      for (const attempt of attempts) {
        const response = await fetch(`http://${server.origin}${TRPC_HTTP_PATH}/${procedure}`, {
          method: "POST",
          headers: { cookie: player.cookie, ...attempt.headers },
          body: attempt.body,
        });
        expect([procedure, response.status]).toEqual([procedure, attempt.status]);
      }
    }
    expect(await db.matchSeat.count({ where: { userId: player.id } })).toBe(0);
    expect((await client.agora.status.query()).queued).not.toBeNull();
    // The same request from the site's own origin, as JSON, is served.
    const own = await fetch(`http://${server.origin}${TRPC_HTTP_PATH}/agora.cancel`, {
      method: "POST",
      headers: {
        cookie: player.cookie,
        "content-type": "application/json",
        origin: `http://${server.origin}`,
        "sec-fetch-site": "same-origin",
      },
      body,
    });
    expect(own.status).toBe(200);
    expect((await client.agora.status.query()).queued).toBeNull();
  });

  it("a malformed cookie next to the session neither fails the request nor signs the player out", async () => {
    // The cookie is foo=%.
    const player = await newPlayer(db);
    const cookie = `foo=%; ${player.cookie}; bar=%E0%A4%A`;
    expect(await httpClient(player, cookie).account.me.query()).toMatchObject({ id: player.id });
    const socket = connect(server, { ...player, cookie });
    try {
      expect(await socket.trpc.account.me.query()).toMatchObject({ id: player.id });
    } finally {
      await socket.close();
    }
  });

  it("one player cannot hold more than the cap of sockets, nor one address more signed-out ones", async () => {
    const player = await newPlayer(db);
    const mine = await Promise.all(
      Array.from({ length: SOCKETS_PER_PLAYER + 5 }, () => rawSocket({ cookie: player.cookie })),
    );
    const anonymous = await Promise.all(
      Array.from({ length: SIGNED_OUT_SOCKETS_PER_ADDRESS + 5 }, () => rawSocket({})),
    );
    try {
      expect(mine.filter((s) => s.outcome === "open")).toHaveLength(SOCKETS_PER_PLAYER);
      expect(mine.filter((s) => s.outcome === 429)).toHaveLength(5);
      expect(anonymous.filter((s) => s.outcome === "open")).toHaveLength(
        SIGNED_OUT_SOCKETS_PER_ADDRESS,
      );
      expect(anonymous.filter((s) => s.outcome === 429)).toHaveLength(5);
    } finally {
      for (const { socket } of [...mine, ...anonymous]) socket.close();
    }
    // Closed sockets give their places back.
    await eventually(() => mine.every((s) => s.socket.readyState === WebSocket.CLOSED), "closed");
    const again = await rawSocket({ cookie: player.cookie });
    expect(again.outcome).toBe("open");
    again.socket.close();
  });

  it("one socket and one player cannot hold more than the cap of subscriptions", async () => {
    const player = await newPlayer(db);
    const sockets = [0, 1, 2].map(() => connect(server, player));
    const { matchId } = await sockets[0]!.trpc.match.open.mutate();
    const watch = (socket: (typeof sockets)[number]) =>
      new Promise<string>((resolve) => {
        socket.trpc.match.watch.subscribe(
          { matchId },
          {
            onData: () => resolve("ok"),
            onError: (error) => resolve((error as TRPCClientError<AppRouter>).data?.code ?? "?"),
          },
        );
      });
    try {
      const first = await Promise.all(
        Array.from({ length: SUBSCRIPTIONS_PER_SOCKET + 5 }, () => watch(sockets[0]!)),
      );
      expect(first.filter((o) => o === "ok")).toHaveLength(SUBSCRIPTIONS_PER_SOCKET);
      expect(first.filter((o) => o === "TOO_MANY_REQUESTS")).toHaveLength(5);
      const rest = SUBSCRIPTIONS_PER_PLAYER - SUBSCRIPTIONS_PER_SOCKET;
      const second = await Promise.all(Array.from({ length: rest }, () => watch(sockets[1]!)));
      expect(second.every((o) => o === "ok")).toBe(true);
      const third = await Promise.all(Array.from({ length: 5 }, () => watch(sockets[2]!)));
      expect(third).toEqual(Array(5).fill("TOO_MANY_REQUESTS"));
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
  });

  it("one player's junk actions over HTTP do not spend the rate limit of another player behind the same address", async () => {
    const table = await seatedTable(server, db, 22);
    const junk = httpClient(await newPlayer(db));
    try {
      // Until the junk sender is limited (the requests of one burst may take over a second).
      let limited = 0;
      for (let burst = 0; burst < 5 && limited === 0; burst++) {
        const outcomes = await Promise.all(
          Array.from({ length: PLAYER_ACTIONS_PER_SECOND + 10 }, () =>
            failure(junk.match.draw.mutate({ matchId: "no-such-match", seat: 0 })),
          ),
        );
        limited = outcomes.filter((e) => e?.data?.code === "TOO_MANY_REQUESTS").length;
      }
      expect(limited).toBeGreaterThan(0);
      const b = table.seats[1]!;
      const answer = await httpClient(b.player).match.draw.mutate({
        matchId: table.matchId,
        seat: b.bot.seat,
      });
      expect(answer).toMatchObject({ ok: true });
    } finally {
      await table.close();
    }
  });

  it("a malformed request gets a generic error with an id, not the server's internals", async () => {
    const player = await newPlayer(db);
    const response = await fetch(`http://${server.origin}${TRPC_HTTP_PATH}/match.join`, {
      method: "POST",
      headers: { cookie: player.cookie, "content-type": "application/json" },
      body: "null",
    });
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(text).not.toMatch(/destructure|TypeError|at [\w.]+ \(/);
    expect(JSON.parse(text)).toMatchObject({
      error: {
        json: {
          message: expect.stringMatching(/^The request could not be read \(error [0-9a-f]{8}\)\.$/),
          data: { code: "BAD_REQUEST", errorId: expect.any(String) },
        },
      },
    });
  });
});
