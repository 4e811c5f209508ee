import type { IncomingMessage } from "node:http";

/** Set by the server on every request, never taken from the client: rate limits key on it. */
export const CLIENT_ADDRESS_HEADER = "x-machiavelox-client-address";

/**
 * The client's address: the connection's own, or behind the one trusted proxy (TRUST_PROXY)
 * the last address of X-Forwarded-For, the one that proxy added. The entries before it are
 * the client's to write: taking the first would let anyone pick an address per request and
 * slip past every per-address limit.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  const entries = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",");
  const last = entries.at(-1)?.trim();
  return (trustProxy && last) || req.socket.remoteAddress || "unknown";
}

export function stampClientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const address = clientAddress(req, trustProxy);
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}
