import { RateLimiterRes } from "rate-limiter-flexible";
import { Limit } from "../limits";
import type { Db } from "../db/client";
import { DECOY_HASH, verifyPassword } from "../accounts/password";
import { nameKey } from "@/protocol/accounts";
import { activeBan, banMessage } from "../admin/bans";
import type { SignInRefusal } from "@/protocol/refusals";

/** Failed sign-ins one client may make before it must wait. */
export const FAILED_SIGN_INS_ALLOWED = 10;
const WINDOW_SECONDS = 15 * 60;

export const WRONG_CREDENTIALS = "Wrong name or password.";

export class SignInError extends Error {
  override name = "SignInError";
  constructor(
    readonly refusal: SignInRefusal,
    message: string,
  ) {
    super(message);
  }
}

// The sign-in route lives in Next's bundle, tests and tools in ours: one limiter per process.
const shared = globalThis as typeof globalThis & { machiaveloxSignInLimiter?: Limit };

function limiter(): Limit {
  return (shared.machiaveloxSignInLimiter ??= new Limit({
    keyPrefix: "sign-in",
    points: FAILED_SIGN_INS_ALLOWED,
    duration: WINDOW_SECONDS,
  }));
}

export type SignedIn = { id: string; name: string };

/**
 * Checks `password` against `hash` for `key` (a client address, or an account), counting the
 * attempt before the hash is computed: counted after, 300 guesses fired at once all passed the
 * check before the first failure was counted. A right password gives its count back.
 */
export async function checkPassword(key: string, password: string, hash: string): Promise<boolean> {
  try {
    await limiter().consume(key);
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    const minutes = Math.ceil(refused.msBeforeNext / 60_000);
    throw new SignInError(
      { code: "TOO_MANY_FAILURES", minutes },
      `Too many failed sign-ins from here. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
  const matches = await verifyPassword(password, hash);
  if (matches) await limiter().reward(key);
  return matches;
}

/**
 * Checks a name and password for the client at `clientAddress`. Every failure reads the same,
 * whether the name exists or not; a client with too many recent failures is refused outright.
 */
export async function signIn(
  db: Db,
  clientAddress: string,
  credentials: { name?: unknown; password?: unknown },
): Promise<SignedIn> {
  const name = typeof credentials.name === "string" ? credentials.name : "";
  const password = typeof credentials.password === "string" ? credentials.password : "";
  const user = name
    ? await db.user.findUnique({
        where: { nameKey: nameKey(name), deletedAt: null },
        select: { id: true, name: true, passwordHash: true },
      })
    : null;
  const matches = await checkPassword(clientAddress, password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !matches) {
    throw new SignInError({ code: "WRONG_CREDENTIALS" }, WRONG_CREDENTIALS);
  }
  // Only after the password is right: a ban's reason is for its player alone.
  const ban = await activeBan(db, user.id, ["MODERATOR"]);
  if (ban) throw new SignInError({ code: "BANNED", ban }, banMessage(ban));
  return { id: user.id, name: user.name };
}
