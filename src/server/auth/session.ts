import type { IncomingHttpHeaders } from "node:http";
import { getToken } from "next-auth/jwt";
import { db as defaultDb, type Db } from "../db/client";
import type { Role } from "../accounts/roles";
import { inForce } from "../admin/bans";
import { connections } from "../connections";
import { TtlCache } from "../ttl-cache";
import { siteBus } from "../site-bus";

export type SessionUser = { id: string; name: string; role: Role };

/** What a session token says: whose it is, and the player's session version when it was made. */
export type SessionClaims = { userId: string; version: number };

/**
 * The Cookie header as name → value. A value that is not valid percent-encoding is kept as sent:
 * one malformed cookie (`foo=%`, which any same-site page can set) must not fail every request.
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const value = part.slice(at + 1).trim();
    try {
      cookies[part.slice(0, at).trim()] = decodeURIComponent(value);
    } catch {
      cookies[part.slice(0, at).trim()] = value;
    }
  }
  return cookies;
}

/**
 * The claims of the request's session token, or null (none, forged, expired). next-auth v4's
 * getToken reads only `req.cookies`, so the Cookie header is parsed first. A token made before
 * session versions existed counts as version 0.
 */
export async function sessionClaims(headers: IncomingHttpHeaders): Promise<SessionClaims | null> {
  const cookies = parseCookies(headers.cookie);
  // The session cookie (next-auth splits a long one into .0, .1, …; https names it __Secure-…).
  const key = Object.entries(cookies)
    .filter(([name]) => name.includes("next-auth.session-token"))
    .map(([name, value]) => `${name}=${value}`)
    .join(";");
  if (!key) return null;
  const known = decoded.get(key);
  if (known !== undefined) return known;
  const req = { headers, cookies };
  const token = await getToken({ req: req as unknown as Parameters<typeof getToken>[0]["req"] });
  const claims = token?.sub
    ? { userId: token.sub, version: typeof token.sv === "number" ? token.sv : 0 }
    : null;
  const untilExpiry = typeof token?.exp === "number" ? token.exp * 1000 - Date.now() : 0;
  decoded.set(key, claims, claims ? Math.min(DECODED_TTL_MS, untilExpiry) : DECODED_TTL_MS);
  return claims;
}

/**
 * Decoding a token (a key derivation and a decryption) costs far more than the rest of a cheap
 * request; players send the same token with every request. What a token says never changes, so
 * it is kept a minute (never past its expiry), forged ones too. Revocations do not depend on it:
 * they go by the player's session version, read apart (`currentUser`, `freshUser`).
 */
const DECODED_TTL_MS = 60_000;
/** Tokens and players kept at most: past it the oldest go (forged tokens sent by the thousand). */
const CACHED_MAX = 10_000;
const decoded = new TtlCache<string, SessionClaims | null>(CACHED_MAX);

/** A player as sessions see them: null when gone or banned from the site. */
type Standing = (SessionUser & { sessionVersion: number }) | null;

/**
 * How long a WebSocket call may rely on a player's standing read earlier before it is read
 * again, behind the call. Changes made by the site (bans, roles, sign-outs) drop it at once;
 * this bounds what other processes change (the admin CLI).
 */
export const STANDING_TTL_MS = 10_000;
/**
 * How long a standing due to be read again still serves calls while that read is under way or
 * fails (the database busy or down): a call never waits for the periodic read, and a player is
 * not refused for the database's trouble until this has passed.
 */
export const STANDING_KEPT_MS = 60_000;

/** A player's standing as read, and when it is due to be read again. */
type Kept = { standing: Promise<Standing>; due: number; reading: boolean };

// Next's bundle (sign-out) and the server's (tRPC) share one process: one cache for both.
const shared = globalThis as typeof globalThis & {
  machiaveloxStandings?: TtlCache<string, Kept>;
};
const standings = (shared.machiaveloxStandings ??= new TtlCache(CACHED_MAX, () =>
  performance.now(),
));

/** Reads the player's standing and keeps it at once: the calls meanwhile wait for this read. */
function readStanding(db: Db, userId: string): Promise<Standing> {
  const kept = keptRead(db, userId);
  standings.set(userId, kept, STANDING_KEPT_MS);
  // A failed read is not kept: the next call reads again.
  kept.standing.catch(() => {
    if (standings.get(userId) === kept) standings.delete(userId);
  });
  return kept.standing;
}

/**
 * Reads a standing that is due again, behind the calls: `before` serves them until this read
 * is in, and stays if it fails (until it is due again or too old).
 */
function refreshStanding(db: Db, userId: string, before: Kept): void {
  before.reading = true;
  const kept = keptRead(db, userId);
  kept.standing.then(
    () => {
      if (standings.get(userId) === before) standings.set(userId, kept, STANDING_KEPT_MS);
    },
    () => {
      before.reading = false;
    },
  );
}

function keptRead(db: Db, userId: string): Kept {
  const due = performance.now() + STANDING_TTL_MS;
  return { standing: queryStanding(db, userId), due, reading: false };
}

function queryStanding(db: Db, userId: string): Promise<Standing> {
  return db.user.findFirst({
    where: {
      id: userId,
      // A deleted account's sessions end with it.
      deletedAt: null,
      bans: { none: { kind: "MODERATOR", ...inForce(new Date()) } },
    },
    select: { id: true, name: true, role: true, sessionVersion: true },
  });
}

function userOf(standing: Standing, claims: SessionClaims): SessionUser | null {
  if (!standing || standing.sessionVersion !== claims.version) return null;
  return { id: standing.id, name: standing.name, role: standing.role };
}

/**
 * The player of a session, read afresh from the database: a granted or withdrawn role counts at
 * once, and a moderator's ban or a revoked session signs the player out at once.
 */
export async function freshUser(db: Db, claims: SessionClaims): Promise<SessionUser | null> {
  return userOf(await readStanding(db, claims.userId), claims);
}

/** The signed-in player of a request — plain HTTP or a WebSocket upgrade — or null. */
export async function sessionUser(
  headers: IncomingHttpHeaders,
  db: Db,
): Promise<SessionUser | null> {
  const claims = await sessionClaims(headers);
  return claims && freshUser(db, claims);
}

/**
 * The player of a session as they stand now, for each call (over HTTP, and on a long-lived
 * WebSocket whose context was made at its upgrade): a cached read, read again behind the call
 * once STANDING_TTL_MS old, dropped by `userChanged`. Pages read afresh (`sessionUser`), which
 * renews what calls rely on.
 */
export async function currentUser(db: Db, claims: SessionClaims): Promise<SessionUser | null> {
  const kept = standings.get(claims.userId);
  if (!kept) return userOf(await readStanding(db, claims.userId), claims);
  // Behind the call, which goes on with the standing read before.
  if (!kept.reading && performance.now() >= kept.due) refreshStanding(db, claims.userId, kept);
  return userOf(await kept.standing, claims);
}

/**
 * A player's role, bans or sessions changed: their next call reads them again. With `disconnect`
 * (a ban, a revocation) their WebSockets are closed at once, ending every subscription.
 */
export function userChanged(userId: string, { disconnect = false } = {}): void {
  siteBus().send("user-changed", { userId, disconnect });
}

// Here and on every other node of the site.
siteBus().handle("user-changed", ({ userId, disconnect }) => {
  standings.delete(userId);
  if (disconnect) connections().closeUser(userId);
});

/**
 * Revokes every session of the player (sign-out, a password change, an account's deletion): the
 * tokens already issued stop counting over HTTP and WebSocket, and open WebSockets are closed.
 */
export async function revokeSessions(userId: string, db: Db = defaultDb()): Promise<void> {
  await db.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  userChanged(userId, { disconnect: true });
}

/** The version a new session token of the player carries. */
export async function sessionVersionOf(userId: string, db: Db = defaultDb()): Promise<number> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { sessionVersion: true },
  });
  return user?.sessionVersion ?? 0;
}
