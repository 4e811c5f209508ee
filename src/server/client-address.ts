import type { IncomingMessage } from "node:http";

/** Set by the server on every request, never taken from the client: rate limits key on it. */
export const CLIENT_ADDRESS_HEADER = "x-machiavelox-client-address";

export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return (trustProxy && first) || req.socket.remoteAddress || "unknown";
}

export function stampClientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const address = clientAddress(req, trustProxy);
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}
