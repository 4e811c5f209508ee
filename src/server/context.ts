import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { db, type Db } from "./db/client";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { currentUser, sessionClaims, type SessionClaims, type SessionUser } from "./auth/session";

export type Context = {
  db: Db;
  /** The signed-in player, or null. */
  user: SessionUser | null;
  /** The session token's claims, for checking the player again on each WebSocket call. */
  claims?: SessionClaims | null;
  /** Who is asking, for rate limits (stamped by the server, see client-address.ts). */
  clientAddress: string;
  /** One id per WebSocket connection (absent over HTTP and for server-side callers): its subscriptions are counted by it. */
  connection?: string;
};

/** One context per HTTP request, and one per WebSocket connection (from its upgrade request). */
export async function createContext({ req }: { req: IncomingMessage }): Promise<Context> {
  const address = req.headers[CLIENT_ADDRESS_HEADER];
  const claims = await sessionClaims(req.headers);
  return {
    db: db(),
    user: claims && (await currentUser(db(), claims)),
    claims,
    clientAddress: typeof address === "string" ? address : "unknown",
    connection: req.headers.upgrade === "websocket" ? `ws:${randomUUID()}` : undefined,
  };
}
