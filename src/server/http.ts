import http from "node:http";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";
import { applyWSSHandler } from "@trpc/server/adapters/ws";
import { WebSocketServer } from "ws";
import { stampClientAddress } from "./client-address";
import { createContext } from "./context";
import { appRouter } from "./routers/_app";

export const TRPC_HTTP_PATH = "/api/trpc";
export const TRPC_WS_PATH = "/api/trpc-ws";

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
  });
  const server = http.createServer((req, res) => {
    stampClientAddress(req, options.trustProxy);
    const path = pathOf(req);
    if (path.startsWith(`${TRPC_HTTP_PATH}/`)) trpc(req, res);
    else options.fallback(req, res);
  });

  const wss = new WebSocketServer({ noServer: true });
  const wsHandler = applyWSSHandler({ wss, router: appRouter, createContext });
  server.on("upgrade", (req, socket, head) => {
    // Other upgrades (Next's hot reload in development) belong to other listeners: leave them be.
    if (pathOf(req) !== TRPC_WS_PATH) return;
    stampClientAddress(req, options.trustProxy);
    wss.handleUpgrade(req, socket, head, (client) => wss.emit("connection", client, req));
  });

  return {
    server,
    close: async () => {
      wsHandler.broadcastReconnectNotification();
      for (const client of wss.clients) client.close(1001, "server shutting down");
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
