import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOT_LEVELS, REACTION_MS } from "@/bots/policy";
import type { Command } from "@/engine/commands";
import { type GameView, gameViewFor, newGame } from "@/engine/game";
import { MatchError, refusal } from "@/server/matches/errors";
import type { Delivery } from "@/server/matches/audience";
import { type Thinker, thinkInProcess, ThinkingTimeout } from "@/server/bots/pool";
import { type BotHost, DECISION_MS, PracticeBot } from "@/server/bots/practice";
import type { Job } from "@/server/bots/thinking";

/**
 * A stand-in for the live server: it hands the bot messages and records what it sends;
 * `answer` decides how each action is answered (accepted by default).
 */
function fakeHost(answer: (command: Command) => Error | null = () => null) {
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
    act: async (user, _matchId, seat, command) => {
      sent.push({ seat, command });
      expect(user.id).toBe(`bot:m1:${seat}`);
      const refused = answer(command);
      if (refused) throw refused;
      // No new event: the bot decides again from the view it has.
      return { ok: true, eventId: "1" };
    },
  };
  const deliver = (view: GameView) => {
    queue.push({ id: "1", message: { type: "events", events: [], view, now: 0 } });
    wake?.();
  };
  return { host, sent, deliver };
}

/** Thinks in process, recording every job. */
function recordingThinker(jobs: Job[], think: Thinker = thinkInProcess): Thinker {
  return (job, ms) => {
    jobs.push(structuredClone(job));
    return think(job, ms);
  };
}

/** A game's view for one seat, at the start of its hand. */
function startOfHand(seat: number, kind: "single" | "long" = "single"): GameView {
  const created = newGame({ kind, now: 0, seed: 3 });
  if (!created.ok) throw new Error(created.error);
  return gameViewFor(created.game, seat);
}

describe("practice bots", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  for (const level of BOT_LEVELS)
    it(`a ${level} bot plays its own seat from its own view only, after its level's reaction time`, async () => {
      const { host, sent, deliver } = fakeHost();
      const jobs: Job[] = [];
      const bot = new PracticeBot(host, "m1", 2, { level, thinker: recordingThinker(jobs) });
      void bot.run();
      deliver(startOfHand(2));
      await vi.advanceTimersByTimeAsync(REACTION_MS[level].min - 1);
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(REACTION_MS[level].max);
      // The hand starts empty: the first thing to do is to draw (§1).
      expect(sent[0]).toEqual({ seat: 2, command: { do: "draw" } });
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) {
        expect(job).toMatchObject({ type: "decide", level });
        expect(job.view.you?.seat).toBe(2);
      }
      bot.stop();
    });

  it("the engine's refusal of a bot's command reaches its next decision", async () => {
    const rejection = { code: "card-not-here", reason: "that card is not there" } as const;
    const { host, sent, deliver } = fakeHost(() => refusal(rejection));
    const jobs: Job[] = [];
    const bot = new PracticeBot(host, "m1", 1, { level: "easy", thinker: recordingThinker(jobs) });
    void bot.run();
    deliver(startOfHand(1));
    await vi.advanceTimersByTimeAsync(REACTION_MS.easy.max);
    expect(sent).toHaveLength(1);
    expect(jobs.map((job) => job.type === "decide" && job.refused)).toEqual([null, rejection]);
    bot.stop();
  });

  it("a failure that is not the engine's (a rate limit) is no refusal: the bot tries again later", async () => {
    const { host, sent, deliver } = fakeHost(
      () => new MatchError("TOO_MANY_REQUESTS", "slow down"),
    );
    const jobs: Job[] = [];
    const bot = new PracticeBot(host, "m1", 1, { level: "hard", thinker: recordingThinker(jobs) });
    void bot.run();
    deliver(startOfHand(1));
    await vi.advanceTimersByTimeAsync(REACTION_MS.hard.max + 1_000);
    expect(sent.length).toBeGreaterThan(0);
    expect(jobs.every((job) => job.type === "decide" && job.refused === null)).toBe(true);
    bot.stop();
  });

  it("a decision that overruns its time budget is made again at the medium level", async () => {
    const { host, sent, deliver } = fakeHost();
    const jobs: Job[] = [];
    const slowHard: Thinker = (job, ms) => {
      expect(ms).toBe(DECISION_MS);
      return job.type === "decide" && job.level === "hard"
        ? Promise.reject(new ThinkingTimeout("too slow"))
        : thinkInProcess(job, ms);
    };
    const bot = new PracticeBot(host, "m1", 0, {
      level: "hard",
      thinker: recordingThinker(jobs, slowHard),
    });
    void bot.run();
    deliver(startOfHand(0));
    await vi.advanceTimersByTimeAsync(REACTION_MS.medium.max);
    expect(jobs.slice(0, 2).map((job) => job.type === "decide" && job.level)).toEqual([
      "hard",
      "medium",
    ]);
    expect(sent[0]).toEqual({ seat: 0, command: { do: "draw" } });
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
    const bot = new PracticeBot(host, "m1", 1, { level: "medium", thinker: thinkInProcess });
    void bot.run();
    deliver(paused);
    await vi.advanceTimersByTimeAsync(REACTION_MS.medium.max);
    expect(sent[0]).toEqual({ seat: 1, command: { do: "ready" } });
    bot.stop();
  });

  it("a bot stops once the hand is over for it", async () => {
    const { host, sent, deliver } = fakeHost();
    const bot = new PracticeBot(host, "m1", 0, { level: "easy", thinker: thinkInProcess });
    const done = bot.run();
    const view = startOfHand(0);
    const seats = view.hand.seats.map((s) =>
      s.seat === 0 ? { ...s, status: "left" as const } : s,
    );
    deliver({ ...view, hand: { ...view.hand, seats } });
    await done;
    await vi.advanceTimersByTimeAsync(REACTION_MS.easy.max * 2);
    expect(sent).toEqual([]);
  });
});
