import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Command } from "@/engine/commands";
import { type GameView, gameViewFor, newGame } from "@/engine/game";
import type { Delivery } from "@/server/matches/live-match";
import { type BotHost, PracticeBot, THINK_MS } from "@/server/bots/practice";

/** A stand-in for the live server: it hands the bot messages and records what it sends. */
function fakeHost() {
  const sent: { seat: number; command: Command }[] = [];
  const queue: Delivery[] = [];
  let wake: (() => void) | null = null;
  const host: BotHost = {
    followSeat: async (_user, _matchId, _last, signal) =>
      (async function* () {
        while (!signal?.aborted) {
          const next = queue.shift();
          if (next) yield next;
          else await new Promise<void>((resolve) => (wake = resolve));
        }
      })(),
    act: async (user, _connection, _matchId, seat, command) => {
      sent.push({ seat, command });
      expect(user.id).toBe(`bot:m1:${seat}`);
      return { ok: true, eventId: String(sent.length) };
    },
  };
  const deliver = (view: GameView) => {
    queue.push({ id: "1", message: { type: "events", events: [], view, now: 0 } });
    wake?.();
  };
  return { host, sent, deliver };
}

/** A single game's view for one seat, at the start of its hand. */
function startOfHand(seat: number, kind: "single" | "long" = "single"): GameView {
  const created = newGame({ kind, now: 0, seed: 3 });
  if (!created.ok) throw new Error(created.error);
  return gameViewFor(created.game, seat);
}

describe("practice bots", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("a bot plays its own seat from its own view, only after a human pause", async () => {
    const { host, sent, deliver } = fakeHost();
    const bot = new PracticeBot(host, "m1", 2, () => 0.5);
    void bot.run();
    deliver(startOfHand(2));
    await vi.advanceTimersByTimeAsync(THINK_MS.min - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(THINK_MS.max);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((s) => s.seat === 2)).toBe(true);
    bot.stop();
  });

  it("§13 between the hands of a long game a bot says it is ready", async () => {
    const view = startOfHand(1, "long");
    const paused = {
      ...view,
      phase: "pause" as const,
      pause: { deadline: 60_000, ready: [true, false, false] },
    };
    const { host, sent, deliver } = fakeHost();
    const bot = new PracticeBot(host, "m1", 1, () => 0.5);
    void bot.run();
    deliver(paused);
    await vi.advanceTimersByTimeAsync(THINK_MS.max);
    expect(sent[0]).toEqual({ seat: 1, command: { do: "ready" } });
    bot.stop();
  });

  it("a bot stops once the hand is over for it", async () => {
    const { host, sent, deliver } = fakeHost();
    const bot = new PracticeBot(host, "m1", 0, () => 0.5);
    const done = bot.run();
    const view = startOfHand(0);
    const seats = view.hand.seats.map((s) =>
      s.seat === 0 ? { ...s, status: "left" as const } : s,
    );
    deliver({ ...view, hand: { ...view.hand, seats } });
    await done;
    await vi.advanceTimersByTimeAsync(THINK_MS.max * 2);
    expect(sent).toEqual([]);
  });
});
