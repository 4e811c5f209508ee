import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { db, type Db } from "./db/client";
import { CLIENT_ADDRESS_HEADER } from "./client-address";
import { sessionUser, type SessionUser } from "./auth/session";

export type Context = {
  db: Db;
  /** The signed-in player, or null. */
  user: SessionUser | null;
  /** Who is asking, for rate limits (stamped by the server, see client-address.ts). */
  clientAddress: string;
  /** One id per WebSocket connection (absent over HTTP and for server-side callers), for rate limits. */
  connection?: string;
};

/** One context per HTTP request, and one per WebSocket connection (from its upgrade request). */
export async function createContext({ req }: { req: IncomingMessage }): Promise<Context> {
  const address = req.headers[CLIENT_ADDRESS_HEADER];
  return {
    db: db(),
    user: await sessionUser(req.headers, db()),
    clientAddress: typeof address === "string" ? address : "unknown",
    connection: req.headers.upgrade === "websocket" ? `ws:${randomUUID()}` : undefined,
  };
}
