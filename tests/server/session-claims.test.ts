import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";

// Counts the decodings behind sessionClaims.
const decodings = vi.hoisted(() => ({ count: 0 }));
vi.mock("next-auth/jwt", async (original) => {
  const jwt = await original<typeof import("next-auth/jwt")>();
  return {
    ...jwt,
    getToken: (...args: Parameters<typeof jwt.getToken>) => {
      decodings.count++;
      return jwt.getToken(...args);
    },
  };
});

const { sessionClaims } = await import("@/server/auth/session");

const secret = "a test secret that is long enough to sign";
const cookie = (token: string) => ({ cookie: `mvx-locale=it; next-auth.session-token=${token}` });

beforeAll(() => {
  process.env.NEXTAUTH_SECRET = secret;
});

describe("session claims", () => {
  it("a session token is decoded once and its claims reused with each request that carries it", async () => {
    const token = await encode({ token: { sub: "player-1", sv: 2 }, secret });
    const before = decodings.count;
    for (let i = 0; i < 5; i++) {
      expect(await sessionClaims(cookie(token))).toEqual({ userId: "player-1", version: 2 });
    }
    expect(decodings.count - before).toBe(1);
  });

  it("a forged token is refused, and so is every repetition of it", async () => {
    for (let i = 0; i < 3; i++) expect(await sessionClaims(cookie("forged.token"))).toBeNull();
  });

  it("an expired token is refused; no cookie at all costs no decoding", async () => {
    const expired = await encode({ token: { sub: "player-1" }, secret, maxAge: -60 });
    expect(await sessionClaims(cookie(expired))).toBeNull();
    const before = decodings.count;
    expect(await sessionClaims({ cookie: "mvx-locale=it" })).toBeNull();
    expect(await sessionClaims({})).toBeNull();
    expect(decodings.count).toBe(before);
  });

  it("a token kept in memory is not reused past its expiry", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const token = await encode({ token: { sub: "player-2" }, secret, maxAge: 30 });
      expect(await sessionClaims(cookie(token))).toEqual({ userId: "player-2", version: 0 });
      // Past its expiry and the decoder's 15 s of clock tolerance, within the minute kept.
      vi.setSystemTime(Date.now() + 50_000);
      expect(await sessionClaims(cookie(token))).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
