// A player's standing on each call (session.ts, `currentUser`): read once, read again behind
// the calls once it is due, and never a reason to refuse a player while the database is busy.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db/client";
import { currentUser, STANDING_KEPT_MS, STANDING_TTL_MS } from "@/server/auth/session";

type Row = { id: string; name: string; role: "PLAYER"; sessionVersion: number } | null;

/** A database whose player reads answer `next()` (a row, or a failure), each counted. */
function fakeDb(next: () => Promise<Row>) {
  const reads = { count: 0 };
  const db = {
    user: {
      findFirst: () => {
        reads.count++;
        return next();
      },
    },
  } as unknown as Db;
  return { db, reads };
}

const row = (name: string): Row => ({ id: "", name, role: "PLAYER", sessionVersion: 1 });
let player = 0;
/** A player of this test alone: the cache is the process's. */
const claims = () => ({ userId: `standing-player-${++player}`, version: 1 });

beforeEach(() => void vi.useFakeTimers({ toFake: ["performance"] }));
afterEach(() => void vi.useRealTimers());

describe("a player's standing on each call", () => {
  it("read once, it serves the calls until it is due; then a call goes on with it while it is read again behind", async () => {
    let name = "before";
    const { db, reads } = fakeDb(() => Promise.resolve(row(name)));
    const who = claims();
    expect((await currentUser(db, who))?.name).toBe("before");
    await currentUser(db, who);
    expect(reads.count).toBe(1);

    name = "after";
    vi.advanceTimersByTime(STANDING_TTL_MS);
    // Not waiting for the read it started.
    expect((await currentUser(db, who))?.name).toBe("before");
    expect(reads.count).toBe(2);
    expect((await currentUser(db, who))?.name).toBe("after");
    expect(reads.count).toBe(2);
  });

  it("a read again that fails (the database busy) leaves the standing read before, and it is read again at the next call", async () => {
    let fail = false;
    const { db, reads } = fakeDb(() =>
      fail ? Promise.reject(new Error("pool timeout")) : Promise.resolve(row("kept")),
    );
    const who = claims();
    await currentUser(db, who);
    fail = true;
    vi.advanceTimersByTime(STANDING_TTL_MS);
    expect((await currentUser(db, who))?.name).toBe("kept");
    expect((await currentUser(db, who))?.name).toBe("kept");
    expect(reads.count).toBe(3);
  });

  it("no longer than STANDING_KEPT_MS: past it, the call waits for the database and fails with it", async () => {
    let fail = false;
    const { db } = fakeDb(() =>
      fail ? Promise.reject(new Error("database down")) : Promise.resolve(row("old")),
    );
    const who = claims();
    await currentUser(db, who);
    fail = true;
    vi.advanceTimersByTime(STANDING_KEPT_MS);
    await expect(currentUser(db, who)).rejects.toThrow("database down");
  });

  it("a first read that fails is not kept: the next call reads again", async () => {
    let fail = true;
    const { db, reads } = fakeDb(() =>
      fail ? Promise.reject(new Error("database down")) : Promise.resolve(row("back")),
    );
    const who = claims();
    await expect(currentUser(db, who)).rejects.toThrow("database down");
    fail = false;
    expect((await currentUser(db, who))?.name).toBe("back");
    expect(reads.count).toBe(2);
  });
});
