// Bots of every level at practice tables of the live registry (in this process, on a
// database of its own): they act through the registry's one entry for player actions,
// every command they send is one a player sends, and they decide from their own
// seat's view only. A test-only reaction scale keeps the pace quick.

import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { BOT_LEVELS, type BotLevel } from "@/bots/policy";
import type { Command } from "@/engine/commands";
import { type BotHost, PracticeBot } from "@/server/bots/practice";
import { type Thinker, thinkingPool, thinkOffThread } from "@/server/bots/pool";
import type { Job } from "@/server/bots/thinking";
import { replayMatch } from "@/server/games/replay";
import { LiveMatches, liveMatches } from "@/server/matches/registry";
import { player, withLiveMatches } from "../games/helpers";
import { eventually, liveDatabase } from "./harness";

const { db } = await liveDatabase();
withLiveMatches(db);
afterAll(() => thinkingPool().close());

/** Commands a player may send (the match router's mutations); presence is the server's own. */
const PLAYER_COMMANDS = new Set<Command["do"]>([
  "draw",
  "stage",
  "unstage",
  "lay",
  "add",
  "take",
  "move",
  "release",
  "place",
  "end",
  "cancel",
  "stop",
  "giveup",
  "leave",
  "ready",
]);
const PLAYS = new Set<Command["do"]>(["lay", "add", "place"]);

/** Two bots of `level` at a practice table its player left at once (§11.3). */
async function botsAlone(level: BotLevel) {
  const registry = liveMatches();
  const user = await player(db);
  const { matchId } = await registry.openPractice(user, level);
  await registry.act(user, matchId, 0, { do: "leave" });
  /** `ok` is null while the registry has not answered. */
  const sent: { seat: number; command: Command; ok: boolean | null }[] = [];
  const host: BotHost = {
    followSeat: (...args) => registry.followSeat(...args),
    act: async (...args) => {
      const entry = { seat: args[2], command: args[3], ok: null as boolean | null };
      sent.push(entry);
      try {
        const answer = await registry.act(...args);
        entry.ok = true;
        return answer;
      } catch (error) {
        entry.ok = false;
        throw error;
      }
    },
  };
  const jobs: Record<number, Job[]> = { 1: [], 2: [] };
  const recording =
    (seat: number): Thinker =>
    (job, ms) => {
      jobs[seat]!.push(job);
      return thinkOffThread(job, ms);
    };
  const bots = [1, 2].map(
    (seat) => new PracticeBot(host, matchId, seat, { level, pace: 0.02, thinker: recording(seat) }),
  );
  const runs = bots.map((bot) => bot.run());
  return { matchId, sent, jobs, bots, runs };
}

describe("bots in live matches", () => {
  for (const level of BOT_LEVELS)
    it(`${level} bots play their seats with players' commands, from their own seats' views`, async () => {
      // Through the live registry, as a practice table runs them.
      const { matchId, sent, jobs, bots, runs } = await botsAlone(level);
      const played = (seat: number) =>
        sent.some((s) => s.seat === seat && s.ok && PLAYS.has(s.command.do));
      // A bot's run ends with the hand.
      let over = 0;
      for (const run of runs) void run.then(() => over++);
      await eventually(
        () => over === 2 || (played(1) && played(2)),
        "both bots placing cards of their own",
        40_000,
      );
      for (const bot of bots) bot.stop();
      await Promise.all(runs);
      await eventually(() => sent.every((s) => s.ok !== null), "the last actions' answers");

      expect(sent.every((s) => PLAYER_COMMANDS.has(s.command.do))).toBe(true);
      // What was accepted is exactly what the match logged for the bots' seats.
      const logged = await db.matchEvent.findMany({
        where: { matchId, seat: { in: [1, 2] } },
        orderBy: { seq: "asc" },
      });
      const commands = logged
        .map((entry) => ({ seat: entry.seat, command: entry.command as Command }))
        .filter(({ command }) => PLAYER_COMMANDS.has(command.do));
      expect(commands).toEqual(
        sent.filter((s) => s.ok).map(({ seat, command }) => ({ seat, command })),
      );
      // No peeking: each bot decided from its own seat's view, which shows no other hand.
      for (const seat of [1, 2]) {
        expect(jobs[seat]!.length).toBeGreaterThan(0);
        for (const job of jobs[seat]!) {
          expect(job).toMatchObject({ type: "decide", level });
          expect(job.view.you?.seat).toBe(seat);
          expect(job.view.seats.every((s) => !("hand" in s))).toBe(true);
        }
      }
    });

  it("a test table's fast clock plays the rules' minutes in seconds, and its match replays", async () => {
    // Its log keeps virtual ms.
    const scale = 60;
    const registry = liveMatches();
    const user = await player(db);
    const wallStart = performance.now();
    const { matchId } = await registry.openPractice(user, "easy", scale);
    await registry.act(user, matchId, 0, { do: "leave" });
    const options = { level: "easy" as const, pace: 0.02, clockScale: scale };
    const bots = [1, 2].map((seat) => new PracticeBot(registry, matchId, seat, options));
    await Promise.all(bots.map((bot) => bot.run()));
    await eventually(
      () => registry.botSeats().every((seat) => seat.matchId !== matchId),
      "the end of the hand",
      60_000,
    );
    const wallMs = performance.now() - wallStart;
    const last = await db.matchEvent.findFirstOrThrow({
      where: { matchId },
      orderBy: { seq: "desc" },
    });
    // Virtual ms pass `scale` times faster than the wall's (less the time the hand took to start).
    expect(last.virtualMs).toBeGreaterThan(wallMs * (scale / 4));
    const replayed = await replayMatch(db, matchId);
    expect(replayed?.final.hands).toHaveLength(1);
  });

  it("after a restart, the bots of a table being played sit down again at their level", async () => {
    const { matchId } = await liveMatches().openPractice(await player(db), "hard");
    // The same node started again: it takes its matches back at once.
    const restarted = new LiveMatches(db, pino({ level: "silent" }), liveMatches().settings);
    await restarted.restore();
    expect(restarted.botSeats().filter((seat) => seat.matchId === matchId)).toEqual([
      { matchId, seat: 1, level: "hard" },
      { matchId, seat: 2, level: "hard" },
    ]);
    await restarted.shutdown();
  });

  it("§13 bots never sit at a ranked table", async () => {
    const registry = liveMatches();
    const { matchId } = await registry.open(await player(db), { kind: "COMPETITIVE" });
    const refused = await registry.joinBot(matchId, "hard").catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: "FORBIDDEN", message: "Bots never play ranked games." });
    const seats = await db.matchSeat.findMany({ where: { matchId } });
    expect(seats.map((seat) => seat.bot)).toEqual([null]);
  });
});
