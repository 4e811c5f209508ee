// The baseline of `npm run bench:live`: a bare `ws` server relaying the same traffic shape as
// the live server — each message is acknowledged to its sender and a payload of the live
// events' size goes to the three clients of its table — with no game, no database, no tRPC.
//   node --import tsx bench/live-relay.ts PORT

import { WebSocketServer, type WebSocket } from "ws";

const port = Number(process.argv[2]);
const tables = new Map<string, Set<WebSocket>>();
const wss = new WebSocketServer({ port, host: "127.0.0.1" });

wss.on("connection", (client, req) => {
  const table = new URL(req.url ?? "/", "http://localhost").searchParams.get("table") ?? "";
  let members = tables.get(table);
  if (!members) tables.set(table, (members = new Set()));
  members.add(client);
  client.on("close", () => members.delete(client));
  client.on("message", (data) => {
    const { id, size } = JSON.parse(data.toString()) as { id: number; size: number };
    client.send(JSON.stringify({ id, ok: true }));
    const payload = JSON.stringify({ event: id, pad: "x".repeat(Math.max(0, size - 30)) });
    for (const member of members) member.send(payload);
  });
});

wss.on("listening", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => wss.close(() => process.exit(0)));
