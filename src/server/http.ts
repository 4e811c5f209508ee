import http from "node:http";
import type { Duplex } from "node:stream";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";
import { applyWSSHandler } from "@trpc/server/adapters/ws";
import pino, { type Logger } from "pino";
import { WebSocketServer, type WebSocket } from "ws";
import { TRPC_MAX_BATCH } from "@/protocol/batch";
import { AddressGate } from "./address-gate";
import { sessionClaims } from "./auth/session";
import { stampClientAddress } from "./client-address";
import { connections } from "./connections";
import { createContext } from "./context";
import { logFailure } from "./internal-errors";
import { liveMatches } from "./matches/registry";
import { appRouter } from "./routers/_app";

export const TRPC_HTTP_PATH = "/api/trpc";
export const TRPC_WS_PATH = "/api/trpc-ws";
export const HEALTH_PATH = "/health";
/** The largest request body or WebSocket frame accepted: an action is a few hundred bytes. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
/** WebSocket close code telling clients to reconnect (1012: service restart). */
export const RECONNECT_CLOSE_CODE = 1012;

export type AppServer = {
  server: http.Server;
  /** Tells WebSocket clients to reconnect elsewhere, then closes every connection. */
  close: () => Promise<void>;
};

function pathOf(req: http.IncomingMessage): string {
  return new URL(req.url ?? "/", "http://localhost").pathname;
}

/**
 * The one HTTP server: tRPC queries and mutations over HTTP, subscriptions over WebSocket,
 * and every other request to `fallback` (Next.js). The routers therefore live in this
 * module graph, next to the live state that later issues keep in the server.
 */
export function createAppServer(options: {
  trustProxy: boolean;
  fallback: http.RequestListener;
  /** The address players use (NEXTAUTH_URL): an origin allowed besides the request's own host. */
  siteOrigin?: string;
  /** Where internal errors are logged (with the id their client is told). */
  log?: Logger;
  /** Requests and WebSocket upgrades one client address may send a second (address-gate.ts). */
  requestsPerSecond: number;
  /** This node's name among the site's (NODE_ID), told by /health. */
  nodeId?: string;
}): AppServer {
  const log = options.log ?? pino({ level: "error" });
  const onError = (failure: Parameters<typeof logFailure>[1]) => logFailure(log, failure);
  const trpc = createHTTPHandler({
    router: appRouter,
    createContext,
    basePath: `${TRPC_HTTP_PATH}/`,
    maxBodySize: MAX_MESSAGE_BYTES,
    maxBatchSize: TRPC_MAX_BATCH,
    onError,
  });
  const origins = { trustProxy: options.trustProxy, siteOrigin: options.siteOrigin };
  const gate = new AddressGate(options.requestsPerSecond);
  const server = http.createServer((req, res) => {
    const address = stampClientAddress(req, options.trustProxy);
    securityHeaders(req, res);
    const path = pathOf(req);
    // The build's static files (a page's scripts) and the health probe are not limited.
    const gated = !path.startsWith("/_next/static/") && path !== HEALTH_PATH;
    const refused =
      gated && !gate.admit(address) ? tooMany(gate, address) : crossSiteRefusal(req, path, origins);
    if (refused) {
      res
        .writeHead(refused.status, { "content-type": "application/json", ...refused.headers })
        .end(JSON.stringify({ error: { message: refused.message } }));
    } else if (path.startsWith(`${TRPC_HTTP_PATH}/`)) trpc(req, res);
    else if (path === HEALTH_PATH) void health(res, options.nodeId ?? "local");
    else options.fallback(req, res);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  // Ping every 10 s: a connection silent for 5 s more is closed, and its seats become absent.
  const wsHandler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext,
    keepAlive: { enabled: true, pingMs: 10_000, pongWaitMs: 5_000 },
    onError,
  });
  server.on("upgrade", (req, socket, head) => {
    // Other upgrades (Next's hot reload in development) belong to other listeners: leave them be.
    if (pathOf(req) !== TRPC_WS_PATH) return;
    const address = stampClientAddress(req, options.trustProxy);
    // A page of another origin (another port of this host, too) must not open the player's
    // socket with their cookie. Browsers always send Origin on upgrades; other clients (bots,
    // benches, tests) send none and carry no browser's cookies.
    if (!fromOwnOrigin(req, origins)) return refuseUpgrade(socket, 403, "Forbidden");
    if (!gate.admit(address)) return refuseUpgrade(socket, 429, "Too Many Requests");
    socket.on("error", () => socket.destroy());
    sessionClaims(req.headers)
      .then((claims) => {
        const userId = claims?.userId ?? null;
        const refusal = connections().refusal(userId, address);
        if (refusal) return refuseUpgrade(socket, 429, "Too Many Requests", refusal);
        if (socket.destroyed) return;
        // Counted in the same turn as the check above: concurrent upgrades cannot all pass it.
        wss.handleUpgrade(req, socket, head, (client) => {
          const forget = connections().add(client, userId, address);
          client.once("close", forget);
          coalesceWrites(client, socket);
          wss.emit("connection", client, req);
        });
      })
      .catch(() => socket.destroy());
  });

  return {
    server,
    close: async () => {
      wsHandler.broadcastReconnectNotification();
      for (const client of wss.clients) client.close(RECONNECT_CLOSE_CODE, "server restarting");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type HttpRefusal = { status: number; message: string; headers?: Record<string, string> };

function tooMany(gate: AddressGate, address: string): HttpRefusal {
  return {
    status: 429,
    message: "Too many requests from this address: wait a moment.",
    headers: { "retry-after": String(gate.retryAfter(address)) },
  };
}

type Origins = { trustProxy: boolean; siteOrigin: string | undefined };

/**
 * Whether the request's Origin, if any, is the site's: the origin players use (NEXTAUTH_URL) or
 * the host the request was sent to (X-Forwarded-Host behind a trusted proxy). Another port of
 * the same host is another origin.
 */
function fromOwnOrigin(req: http.IncomingMessage, { trustProxy, siteOrigin }: Origins): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (siteOrigin !== undefined && origin === new URL(siteOrigin).origin) return true;
  const forwarded = trustProxy ? req.headers["x-forwarded-host"] : undefined;
  const host =
    (typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : undefined) ??
    req.headers.host;
  if (!host) return false;
  try {
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * A state-changing request a page of another site could have sent (a form's POST needs no CORS
 * preflight): refused unless it comes from the site's own origin, and, for tRPC, unless it is
 * JSON, which a form cannot send.
 */
function crossSiteRefusal(
  req: http.IncomingMessage,
  path: string,
  origins: Origins,
): HttpRefusal | null {
  if (!UNSAFE_METHODS.has(req.method ?? "GET")) return null;
  const fetchSite = req.headers["sec-fetch-site"];
  const crossSite = fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
  if (crossSite || !fromOwnOrigin(req, origins))
    return { status: 403, message: "Requests from another site are refused." };
  const type = req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (path.startsWith(`${TRPC_HTTP_PATH}/`) && type !== "application/json")
    return { status: 415, message: "Send the request as application/json." };
  return null;
}

/** A host name and port, and nothing a header could be made to say besides. */
const PLAIN_HOST = /^[\w.-]+(:\d+)?$|^\[[\d:a-fA-F.]+\](:\d+)?$/;

/**
 * Headers for every response. Next's pages need inline scripts (its bootstrap) and, in
 * development, eval: 'unsafe-inline' is the Next docs' way without nonces, which would make every
 * page render dynamically. Sockets go to this host only; no page may be framed.
 */
function securityHeaders(req: http.IncomingMessage, res: http.ServerResponse) {
  const host = req.headers.host;
  const sockets = host && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : "";
  const dev = process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : "";
  res.setHeader(
    "content-security-policy",
    [
      "default-src 'self'",
      `script-src 'self' 'unsafe-inline'${dev}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src 'self'${sockets}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("referrer-policy", "strict-origin-when-cross-origin");
  res.setHeader("x-frame-options", "DENY");
}

/** Answers an upgrade with an HTTP refusal (and why, in its body) and closes the socket. */
function refuseUpgrade(socket: Duplex, status: number, text: string, why = text) {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(why)}\r\n\r\n${why}`,
  );
}

/**
 * What one client is sent within a turn of the event loop (an action's answer and the event it
 * made, to the seat that acted) leaves in one system call rather than one per message: the
 * socket stays corked until the turn's promise callbacks have run. ws corks and uncorks around
 * each frame, which only nests inside this.
 */
function coalesceWrites(client: WebSocket, socket: Duplex) {
  const send = client.send.bind(client) as (...args: unknown[]) => void;
  client.send = ((...args: unknown[]) => {
    if (socket.writableCorked === 0) {
      socket.cork();
      process.nextTick(() => socket.uncork());
    }
    send(...args);
  }) as WebSocket["send"];
}

/**
 * 200 with the node's state while it serves, 503 while it cannot (database down, stopping). The
 * node's name and the matches it owns tell a site's nodes apart behind a balancer.
 */
async function health(res: http.ServerResponse, node: string) {
  // A server without live matches (yet, or any more) answers too: unavailable.
  const report = await Promise.resolve()
    .then(() => liveMatches().health())
    .then((state) => ({ node, ...state, ownedMatches: state.liveMatches }))
    .catch((error: unknown) => ({
      node,
      status: "unavailable",
      error: error instanceof Error ? error.message : String(error),
    }));
  res
    .writeHead(report.status === "ok" ? 200 : 503, { "content-type": "application/json" })
    .end(JSON.stringify(report));
}
