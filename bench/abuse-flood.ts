// One flood of `npm run bench:abuse`, run as a process of its own (bench/abuse.ts starts it at
// the lowest priority): an attacker's CPU is another machine's, not the server's, and its
// thousands of requests a second must not delay the live game's own client either. It sends
// from its own loopback addresses (127.0.0.2 and up), as an attacker has addresses of its own.
// Arguments: PHASE ORIGIN SECONDS WORKERS ADDRESSES [COOKIE]; prints the tally as JSON.

import http from "node:http";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { TRPC_HTTP_PATH, TRPC_WS_PATH } from "@/server/http";

type Outcome = "accepted" | "refused";
type Tally = Record<Outcome | "failed", number>;

const [phase, origin, seconds, workers, addresses, cookie] = process.argv.slice(2);
const until = performance.now() + Number(seconds) * 1000;
const [host, port] = origin!.split(":");
const sources = Array.from({ length: Number(addresses) }, (_, i) => `127.0.0.${i + 2}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tRPC mutation over HTTP, as a script would send it: JSON, no Origin. */
function post(from: string, procedure: string, input: unknown, withCookie?: string) {
  const body = JSON.stringify({ json: input });
  return new Promise<Outcome>((resolve, reject) => {
    const request = http.request(
      {
        host,
        port,
        localAddress: from,
        method: "POST",
        path: `${TRPC_HTTP_PATH}/${procedure}`,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...(withCookie ? { cookie: withCookie } : {}),
        },
      },
      (response) => {
        response.resume();
        response.once("end", () => resolve(response.statusCode === 200 ? "accepted" : "refused"));
      },
    );
    request.once("error", reject);
    request.end(body);
  });
}

/** Opens a WebSocket and keeps it open until the phase ends; "refused" when the upgrade is. */
function holdSocket(from: string, withCookie?: string) {
  return new Promise<Outcome>((resolve, reject) => {
    const socket = new WebSocket(`ws://${origin}${TRPC_WS_PATH}`, {
      localAddress: from,
      headers: withCookie ? { cookie: withCookie } : {},
    });
    socket.once("open", () => {
      socket.on("message", (raw) => raw.toString() === "PING" && socket.send("PONG"));
      setTimeout(() => socket.terminate(), Math.max(0, until - performance.now()));
      resolve("accepted");
    });
    socket.once("unexpected-response", (_req, res) => {
      socket.terminate();
      if (res.statusCode === 429) resolve("refused");
      else reject(new Error(`upgrade answered ${res.statusCode}`));
    });
    socket.once("error", reject);
  });
}

let signUps = 0;
const run = process.pid.toString(36);
const attempts: Record<string, (from: string) => Promise<Outcome>> = {
  signUps: (from) =>
    post(from, "account.signUp", { name: `s${run}${signUps++}`, password: "a good password" }),
  sockets: (from) => holdSocket(from, signUps++ % 2 === 0 ? cookie : undefined),
  opens: (from) => post(from, "match.open", null, cookie),
};

const attempt = attempts[phase!]!;
const tally: Tally = { accepted: 0, refused: 0, failed: 0 };
await Promise.all(
  Array.from({ length: Number(workers) }, async (_, worker) => {
    const from = sources[worker % sources.length]!;
    while (performance.now() < until) {
      const outcome = await attempt(from).catch(() => "failed" as const);
      tally[outcome]++;
      // A failed attempt (a socket error) is not retried at once: no busy loop.
      if (outcome === "failed") await sleep(10);
    }
  }),
);
console.log(JSON.stringify(tally));
process.exit(0);
