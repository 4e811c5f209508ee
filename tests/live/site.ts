// A site of several nodes (REDIS_URL) for the live tests: real server processes on one database
// and the machine's Redis, under a key prefix of the test file's own, and what the tests check
// of a match played across them.

import { expect } from "vitest";
import type { Db } from "@/server/db/client";
import { REDIS_URL, testSite } from "../server/redis";
import { eventually, LiveServer } from "./harness";
import { send, type Action, type Outcome, type Received, type SeatClient } from "./table";

export type Health = {
  node: string;
  ownedMatches: number;
  relay: { asked: number; served: number };
};

/** The nodes `names` of this file's own site on `databaseUrl` (not started), each with `env` too. */
export function siteNodes(
  databaseUrl: string,
  names: string[],
  env: Record<string, string> = {},
): LiveServer[] {
  const { prefix } = testSite();
  return names.map(
    (name) =>
      new LiveServer(databaseUrl, {
        REDIS_URL,
        REDIS_PREFIX: prefix,
        NODE_ID: `${prefix}${name}`,
        ...env,
      }),
  );
}

export async function health(server: LiveServer): Promise<Health> {
  return (await fetch(`http://${server.origin}/health`)).json() as Promise<Health>;
}

/** A load balancer's choice: the client's own node while it runs, else the next one that does. */
export function balanced(nodes: LiveServer[], first: number): () => string {
  return () => {
    for (let step = 0; step < nodes.length; step++) {
      const candidate = nodes[(first + step) % nodes.length]!;
      if (candidate.running) return candidate.origin;
    }
    return nodes[first]!.origin;
  };
}

function eventsOf(received: Received[]) {
  return received.flatMap((r) => (r.message.type === "events" ? r.message.events : []));
}

/** Every seat's events since its first view: each id once, in order, none missing. */
export function expectContiguous(received: Received[]) {
  const start = received.findIndex((r) => r.message.type === "snapshot" && r.message.view);
  const ids = eventsOf(received.slice(start)).map((event) => event.id);
  const from = Number(received[start]!.id) + 1;
  expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => from + i));
}

/** The players' actions the log holds (no presence, no timer firings). */
export async function loggedActions(db: Db, matchId: string): Promise<number> {
  const rows = await db.matchEvent.findMany({ where: { matchId }, select: { command: true } });
  const others = new Set(["advance", "disconnect", "reconnect"]);
  return rows.filter((row) => !others.has((row.command as { do: string }).do)).length;
}

/** Sends until the site takes the action: a moving match refuses for a moment, then plays on. */
export async function sendThrough(
  seat: SeatClient,
  matchId: string,
  action: Action,
): Promise<Outcome> {
  for (;;) {
    const outcome = await send(seat, matchId, action);
    if (outcome.ok || !["TOO_MANY_REQUESTS", "SERVICE_UNAVAILABLE"].includes(outcome.code))
      return outcome;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every seat has heard the event `eventId`: each follows the match, wherever it went. */
export function allHeard(table: { seats: SeatClient[] }, eventId: string): Promise<void> {
  return eventually(
    () => table.seats.every((seat) => seat.bot.lastEventId >= Number(eventId)),
    "every seat to hear the event",
  );
}

/**
 * Draws by `seats` (all the table's unless said) in turn, each heard by its seat before the
 * next; the acknowledged ids.
 */
export async function draws(
  table: { matchId: string; seats: SeatClient[] },
  count: number,
  seats = table.seats,
) {
  const accepted: string[] = [];
  for (let turn = 0; turn < count; turn++) {
    const seat = seats[turn % seats.length]!;
    const outcome = await sendThrough(seat, table.matchId, { do: "draw" });
    if (!outcome.ok) throw new Error(`draw ${turn} refused: ${JSON.stringify(outcome)}`);
    accepted.push(outcome.eventId);
    await eventually(() => seat.bot.lastEventId >= Number(outcome.eventId), "the draw heard");
  }
  return accepted;
}
