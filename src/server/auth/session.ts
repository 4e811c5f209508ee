import type { IncomingHttpHeaders } from "node:http";
import { getToken } from "next-auth/jwt";
import type { Db } from "../db/client";
import type { Role } from "../accounts/roles";
import { inForce } from "../admin/bans";

export type SessionUser = { id: string; name: string; role: Role };

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at > 0) cookies[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The signed-in player of a request — plain HTTP or a WebSocket upgrade — or null.
 * next-auth v4's getToken reads only `req.cookies`, so the Cookie header is parsed first.
 * The player is read afresh from the database, so a granted or withdrawn role counts at once,
 * and a moderator's ban signs the player out at once.
 */
export async function sessionUser(
  headers: IncomingHttpHeaders,
  db: Db,
): Promise<SessionUser | null> {
  const req = { headers, cookies: parseCookies(headers.cookie) };
  const token = await getToken({ req: req as unknown as Parameters<typeof getToken>[0]["req"] });
  if (!token?.sub) return null;
  return db.user.findFirst({
    where: {
      id: token.sub,
      // A deleted account's sessions end with it.
      deletedAt: null,
      bans: { none: { kind: "MODERATOR", ...inForce(new Date()) } },
    },
    select: { id: true, name: true, role: true },
  });
}
