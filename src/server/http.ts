import http from "node:http";
import type { Duplex } from "node:stream";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";
import { applyWSSHandler } from "@trpc/server/adapters/ws";
import { WebSocketServer, type WebSocket } from "ws";
import { TRPC_MAX_BATCH } from "./batch";
import { stampClientAddress } from "./client-address";
import { createContext } from "./context";
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
}): AppServer {
  const trpc = createHTTPHandler({
    router: appRouter,
    createContext,
    basePath: `${TRPC_HTTP_PATH}/`,
    maxBodySize: MAX_MESSAGE_BYTES,
    maxBatchSize: TRPC_MAX_BATCH,
  });
  const server = http.createServer((req, res) => {
    stampClientAddress(req, options.trustProxy);
    const path = pathOf(req);
    if (path.startsWith(`${TRPC_HTTP_PATH}/`)) trpc(req, res);
    else if (path === HEALTH_PATH) void health(res);
    else options.fallback(req, res);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  // Ping every 10 s: a connection silent for 5 s more is closed, and its seats become absent.
  const wsHandler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext,
    keepAlive: { enabled: true, pingMs: 10_000, pongWaitMs: 5_000 },
  });
  server.on("upgrade", (req, socket, head) => {
    // Other upgrades (Next's hot reload in development) belong to other listeners: leave them be.
    if (pathOf(req) !== TRPC_WS_PATH) return;
    stampClientAddress(req, options.trustProxy);
    wss.handleUpgrade(req, socket, head, (client) => {
      coalesceWrites(client, socket);
      wss.emit("connection", client, req);
    });
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

/** 200 with the server's state while it serves, 503 while it cannot (database down, stopping). */
async function health(res: http.ServerResponse) {
  const report = await liveMatches()
    .health()
    .catch((error: unknown) => ({
      status: "unavailable",
      error: error instanceof Error ? error.message : String(error),
    }));
  res
    .writeHead(report.status === "ok" ? 200 : 503, { "content-type": "application/json" })
    .end(JSON.stringify(report));
}
