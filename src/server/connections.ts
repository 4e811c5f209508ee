// The open WebSockets and their subscriptions, by player and by address: the caps that keep one
// player or one address from holding thousands of them, the handle that closes a banned or
// signed-out player's sockets at once, and who is online (this node's players, and with Redis
// every node's: presence.ts). Bans run in the server's bundle and sign-outs in Next's, in one
// process: one registry on globalThis for both.

import { TRPCError } from "@trpc/server";
import { PRESENCE_RENEW_MS, type SharedPresence } from "./presence";

/** Sockets one player may hold open (a few tabs and devices). */
export const SOCKETS_PER_PLAYER = 16;
/**
 * Signed-out sockets from one address. Signed-in sockets are not capped per address: players
 * behind one NAT or proxy share an address, and each of their sockets counts against its player.
 */
export const SIGNED_OUT_SOCKETS_PER_ADDRESS = 16;
/** Subscriptions one socket may hold at once (a table and a few watched ones). */
export const SUBSCRIPTIONS_PER_SOCKET = 16;
/** Subscriptions one player may hold at once, over all their sockets. */
export const SUBSCRIPTIONS_PER_PLAYER = 32;

/** What the registry needs of a socket: to be closed. */
type Closable = { close(code: number, reason: string): void };

/** WebSocket close code for a socket whose player was banned or signed out (policy violation). */
export const SIGNED_OUT_CLOSE_CODE = 1008;

class Connections {
  private readonly byUser = new Map<string, Set<Closable>>();
  private readonly signedOutByAddress = new Map<string, number>();
  private readonly subscriptionsBySocket = new Map<string, number>();
  private readonly subscriptionsByUser = new Map<string, number>();
  private site: { presence: SharedPresence; renewal: NodeJS.Timeout } | undefined;

  /** From now on this node's players count as online for the whole site, through `presence`. */
  share(presence: SharedPresence): void {
    this.unshare();
    const renewal = setInterval(
      () => void presence.here([...this.byUser.keys()]).catch(() => undefined),
      PRESENCE_RENEW_MS,
    ).unref();
    this.site = { presence, renewal };
    void presence.here([...this.byUser.keys()]).catch(() => undefined);
  }

  unshare(): void {
    if (this.site) clearInterval(this.site.renewal);
    this.site = undefined;
  }

  /** Why a new socket of `userId` (null: signed out) from `address` is refused, or null. */
  refusal(userId: string | null, address: string): string | null {
    if (userId !== null) {
      return (this.byUser.get(userId)?.size ?? 0) >= SOCKETS_PER_PLAYER
        ? `at most ${SOCKETS_PER_PLAYER} connections per player`
        : null;
    }
    return (this.signedOutByAddress.get(address) ?? 0) >= SIGNED_OUT_SOCKETS_PER_ADDRESS
      ? `at most ${SIGNED_OUT_SOCKETS_PER_ADDRESS} signed-out connections per address`
      : null;
  }

  /** Counts an accepted socket; returns what forgets it when it closes. */
  add(socket: Closable, userId: string | null, address: string): () => void {
    if (userId !== null) {
      const sockets = this.byUser.get(userId) ?? new Set();
      // A word Redis misses (down) is said again at the next renewal.
      if (sockets.size === 0) void this.site?.presence.here([userId]).catch(() => undefined);
      this.byUser.set(userId, sockets.add(socket));
      return () => {
        sockets.delete(socket);
        if (sockets.size > 0 || this.byUser.get(userId) !== sockets) return;
        this.byUser.delete(userId);
        void this.site?.presence.gone(userId).catch(() => undefined);
      };
    }
    this.signedOutByAddress.set(address, (this.signedOutByAddress.get(address) ?? 0) + 1);
    return () => decrement(this.signedOutByAddress, address);
  }

  /**
   * Which of these players have a socket open (a tab of the site): on this node, and with Redis
   * on any node of the site. Redis down: this node's players only.
   */
  async online(userIds: string[]): Promise<Set<string>> {
    const here = userIds.filter((userId) => this.byUser.has(userId));
    const site = await this.site?.presence.online(userIds).catch(() => undefined);
    return new Set([...here, ...(site ?? [])]);
  }

  /** Closes every socket of the player: their subscriptions end, their seats go absent. */
  closeUser(userId: string): void {
    for (const socket of this.byUser.get(userId) ?? []) {
      socket.close(SIGNED_OUT_CLOSE_CODE, "signed out");
    }
  }

  /**
   * Takes a subscription slot for `userId` on socket `connection`, or refuses with
   * TOO_MANY_REQUESTS; the returned function gives it back (once, however often called).
   */
  subscribe(connection: string, userId: string): () => void {
    if ((this.subscriptionsBySocket.get(connection) ?? 0) >= SUBSCRIPTIONS_PER_SOCKET)
      throw tooMany(`at most ${SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`);
    if ((this.subscriptionsByUser.get(userId) ?? 0) >= SUBSCRIPTIONS_PER_PLAYER)
      throw tooMany(`at most ${SUBSCRIPTIONS_PER_PLAYER} subscriptions per player`);
    this.subscriptionsBySocket.set(
      connection,
      (this.subscriptionsBySocket.get(connection) ?? 0) + 1,
    );
    this.subscriptionsByUser.set(userId, (this.subscriptionsByUser.get(userId) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      decrement(this.subscriptionsBySocket, connection);
      decrement(this.subscriptionsByUser, userId);
    };
  }
}

function decrement(counts: Map<string, number>, key: string) {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

function tooMany(what: string): TRPCError {
  return new TRPCError({ code: "TOO_MANY_REQUESTS", message: `Too many subscriptions: ${what}.` });
}

const shared = globalThis as typeof globalThis & { machiaveloxConnections?: Connections };

export function connections(): Connections {
  return (shared.machiaveloxConnections ??= new Connections());
}
