// What one node tells every node of the site: a player's standing changed (a ban closes their
// sockets wherever they are), a player's invitations changed (their header is told at once), a
// player queued in the agora (the matcher looks at once), a player deleted their account (the
// lobbies they wait in drop them).
// Alone, a message reaches this process; with REDIS_URL, also every other node, by Redis pub/sub.
// Messages are hints to act now, never the record: the database holds what happened, and a node
// that misses one (Redis down) catches up by its bounded caches or the next read.

import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { channelOf } from "./redis";

export type SiteMessages = {
  /** A player's role, bans or sessions changed; `disconnect` closes their sockets. */
  "user-changed": { userId: string; disconnect: boolean };
  /** Invitations changed for these players (either side). */
  invitations: { userIds: string[] };
  /** A node took a match under `epoch` (relay.ts): requests and streams go there now. */
  "match-claimed": { matchId: string; nodeId: string; epoch: number };
  /** A node stopped and let its matches go: the others take them now, not at the leases' expiry. */
  "matches-released": { nodeId: string };
  /** A player joined the agora's queue: the node that forms the groups looks at once. */
  "agora-queued": { userId: string };
  /** A player deleted their account: each node drops them from the lobbies it holds. */
  "account-deleted": { userId: string };
};
type Topic = keyof SiteMessages;

export class SiteBus {
  private readonly handlers = new Map<Topic, (message: never) => void>();
  private redis: { publisher: Redis; subscriber: Redis; channel: string } | undefined;
  /** Tells this node's own messages apart when Redis hands them back. */
  private readonly node = randomUUID();

  /**
   * This node's handler of `topic`: one per topic, so that both bundles of the process (Next's
   * and the server's) may set it without handling each message twice.
   */
  handle<T extends Topic>(topic: T, handler: (message: SiteMessages[T]) => void): void {
    this.handlers.set(topic, handler as (message: never) => void);
  }

  /** Handles `message` here at once, and sends it to the other nodes. */
  send<T extends Topic>(topic: T, message: SiteMessages[T]): void {
    this.deliver(topic, message as never);
    if (!this.redis) return;
    const text = JSON.stringify({ from: this.node, topic, message });
    // Offline, Redis refuses at once (no queue): the others rely on their caches' expiry.
    this.redis.publisher.publish(this.redis.channel, text).catch(() => undefined);
  }

  /** From now on messages also go to and come from the other nodes through `redis`. */
  async connect(redis: Redis): Promise<void> {
    // Its subscription waits for the connection, and ioredis renews it after a reconnection.
    const subscriber = redis.duplicate({ enableOfflineQueue: true });
    subscriber.on("error", () => undefined);
    subscriber.on("message", (_channel: string, text: string) => {
      const { from, topic, message } = JSON.parse(text) as {
        from: string;
        topic: Topic;
        message: never;
      };
      if (from !== this.node) this.deliver(topic, message);
    });
    const channel = channelOf(redis, "site");
    await subscriber.subscribe(channel);
    this.redis = { publisher: redis, subscriber, channel };
  }

  disconnect(): void {
    this.redis?.subscriber.disconnect();
    this.redis = undefined;
  }

  private deliver(topic: Topic, message: never): void {
    this.handlers.get(topic)?.(message);
  }
}

// Next's bundle (sign-out) and the server's share one process: one bus on globalThis for both.
const shared = globalThis as typeof globalThis & { machiaveloxSiteBus?: SiteBus };

/** This process's bus. */
export function siteBus(): SiteBus {
  return (shared.machiaveloxSiteBus ??= new SiteBus());
}
