// Friendly games on a site of three nodes: the creator, the friends and the rematch's clicks
// reach different nodes, and every lobby request meets the lobby at its match's owner.

import { TRPCClientError } from "@trpc/client";
import { afterAll, describe, expect, it } from "vitest";
import { type MatchView, type StreamMessage, viewAfter } from "@/protocol/stream";
import type { AppRouter } from "@/server/routers/_app";
import { REDIS_URL, testSite } from "../server/redis";
import {
  connect,
  eventually,
  liveDatabase,
  LiveServer,
  newPlayer,
  until,
  type Client,
  type Player,
} from "./harness";

const { url, db } = await liveDatabase();
const site = testSite();
const nodes = ["a", "b", "c"].map(
  (name) =>
    new LiveServer(url, {
      REDIS_URL,
      REDIS_PREFIX: site.prefix,
      NODE_ID: `${site.prefix}${name}`,
    }),
);
afterAll(() => Promise.all(nodes.map((node) => node.stop())));
await Promise.all(nodes.map((node) => node.start()));

const clients: Client[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

/** A tab of `player` connected to node `index`. */
function tab(index: number, player: Player): Client["trpc"] {
  const client = connect(nodes[index]!, player);
  clients.push(client);
  return client.trpc;
}

/** A new player connected to node `index`. */
async function playerOn(index: number): Promise<Client["trpc"]> {
  return tab(index, await newPlayer(db));
}

/** The refusal's code a lobby request came back with. */
async function refusalOf(request: Promise<unknown>): Promise<string | undefined> {
  const error = await request.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return (error as TRPCClientError<AppRouter>).data?.refusal?.code;
}

/** The seat's view as its stream builds it, from the moment it follows. */
function followSeat(trpc: Client["trpc"], matchId: string) {
  const seen: { view: MatchView | null } = { view: null };
  const subscription = trpc.match.seat.subscribe(
    { matchId },
    { onData: ({ data }) => (seen.view = viewAfter(seen.view, data as StreamMessage)) },
  );
  return { seen, stop: () => subscription.unsubscribe() };
}

describe("friendly games on a site of three nodes", () => {
  it("§13 the lobby is held by the match's owner: the creator's tab on another node adds and removes a bot there; friends on two other nodes join by code and say ready, all three are seated and the hand starts", async () => {
    const creatorPlayer = await newPlayer(db);
    const [creator, creatorOnC] = [tab(0, creatorPlayer), tab(2, creatorPlayer)];
    const [friendB, friendC, late] = [await playerOn(1), await playerOn(2), await playerOn(1)];
    const { matchId, code } = await creator.game.create.mutate({ kind: "single", bots: true });
    // The creator's other tab, on node c: a bot added and taken away again at the owner.
    const withBot = await creatorOnC.game.bots.mutate({ matchId, change: 1, level: "easy" });
    expect(withBot.members.map((member) => member.level)).toEqual([null, "easy"]);
    expect((await creatorOnC.game.bots.mutate({ matchId, change: -1 })).members).toHaveLength(1);
    await friendB.game.join.mutate({ code });
    await friendC.game.join.mutate({ code: code.toLowerCase() });
    // Refused by the owner (node a), the refusal reaches node b's player with its code.
    expect(await refusalOf(late.game.join.mutate({ code }))).toBe("GAME_FULL");
    expect(await refusalOf(late.game.ready.mutate({ matchId, ready: true }))).toBe("JOIN_FIRST");
    const lobby = await friendC.game.lobby.query({ matchId });
    expect(lobby).toMatchObject({ status: "WAITING", code, you: 2 });
    expect(lobby.members.map((member) => member.ready)).toEqual([false, false, false]);
    await friendB.game.ready.mutate({ matchId, ready: true });
    await creator.game.ready.mutate({ matchId, ready: true });
    expect((await friendC.game.ready.mutate({ matchId, ready: true })).status).toBe("PLAYING");
    const players = [creator, friendB, friendC];
    const views = await Promise.all(players.map((one) => one.game.lobby.query({ matchId })));
    expect(views.map((view) => [view.status, view.you])).toEqual([
      ["PLAYING", 0],
      ["PLAYING", 1],
      ["PLAYING", 2],
    ]);
    const seats = players.map((one) => followSeat(one, matchId));
    try {
      await eventually(() => seats.every((seat) => seat.seen.view !== null), "the hand dealt");
    } finally {
      for (const seat of seats) seat.stop();
    }
    const owners = nodes.filter((node) => node.output.includes('"msg":"table opened"'));
    expect(owners).toEqual([nodes[0]]);
  });

  it("§13 a rematch clicked at once by two players connected to two nodes leads both into one new lobby", async () => {
    const players = [await playerOn(0), await playerOn(1), await playerOn(2)];
    const { matchId, code } = await players[0]!.game.create.mutate({ kind: "single" });
    for (const one of players.slice(1)) await one.game.join.mutate({ code });
    for (const one of players) await one.game.ready.mutate({ matchId, ready: true });
    // Seats 1 and 2 leave the hand (§11.3): seat 0 wins it as the survivor and the game ends.
    await players[1]!.match.leave.mutate({ matchId, seat: 1 });
    await players[2]!.match.leave.mutate({ matchId, seat: 2 });
    await until(
      () => db.match.findFirst({ where: { id: matchId, status: "ENDED" } }),
      "the game ended",
    );
    const [fromB, fromC] = await Promise.all(
      [players[1]!, players[2]!].map((one) => one.game.rematch.mutate({ matchId })),
    );
    expect(fromC!.matchId).toBe(fromB!.matchId);
    const rematches = await db.match.findMany({ where: { rematchOf: matchId } });
    expect(rematches.map((row) => row.id)).toEqual([fromB!.matchId]);
    const views = await Promise.all(
      [players[1]!, players[2]!].map((one) => one.game.lobby.query({ matchId: fromB!.matchId })),
    );
    for (const view of views) expect(view).toMatchObject({ status: "WAITING", members: [{}, {}] });
    expect(views.map((view) => view.you).sort()).toEqual([0, 1]);
    // The third player, on node a, joins the same lobby by clicking later.
    expect((await players[0]!.game.rematch.mutate({ matchId })).matchId).toBe(fromB!.matchId);
  });
});
