// Server-side bots, in practice tables and in friendly games whose creator asked for
// them. A bot plays its seat exactly as a player does: it follows the seat's stream
// and sends the same actions through the registry, deciding from its own seat's view
// only (no peeking) with the level's policy (src/bots), at the level's human pace.
// Decisions run in worker threads (pool.ts), so no solver ever holds up the live matches.

import { performance } from "node:perf_hooks";
import {
  type BotAction,
  type BotLevel,
  type BotMemory,
  isBotLevel,
  NEW_MEMORY,
  REACTION_MS,
} from "@/bots/policy";
import { type Command, type Rejection } from "@/engine";
import type { ClassicOptions } from "@/engine/classic";
import { machiaveloxView, splitGameView } from "@/components/table/game-view";
import type { SessionUser } from "../auth/session";
import { MatchError } from "../matches/errors";
import type { Millis } from "../matches/engine";
import { botHolderId } from "../matches/live-match";
import { type StreamMessage, viewAfter } from "@/protocol/stream";
import { liveMatches, type LiveMatches } from "../matches/registry";
import { type Thinker, ThinkingTimeout, thinkOffThread } from "./pool";

/** What a bot needs from the live server: the same stream and actions as a player's. */
export type BotHost = Pick<LiveMatches, "followSeat"> & {
  /** A Machiavelox bot sends Machiavelox commands. */
  act(
    user: SessionUser,
    matchId: string,
    seat: number,
    command: Command,
  ): ReturnType<LiveMatches["act"]>;
};

/** The level of bots whose seat names none (seated before levels existed). */
export const DEFAULT_LEVEL: BotLevel = "medium";
/**
 * A decision's time budget. The hard bot's solver is bounded well below it (src/bots/hard.ts);
 * past it, the decision is made again at the medium level, which never searches.
 */
export const DECISION_MS = 3_000;
/** After an action failed for a reason other than the rules (a rate limit, a restart), try again. */
const RETRY_MS = 1_000;

type StreamView = NonNullable<Extract<StreamMessage, { type: "snapshot" }>["view"]>;

export interface BotOptions {
  level: BotLevel;
  thinker?: Thinker;
  /** Reaction times are multiplied by this (BOT_REACTION_SCALE; tests only make it smaller). */
  pace?: number;
  /** The match clock's virtual ms per wall ms: 1, but at a test table with a fast clock. */
  clockScale?: number;
  random?: () => number;
}

export class PracticeBot {
  private view: StreamView | null = null;
  /** The live hand clock: `at` on the match's clock at `wall` (performance.now()). */
  private clock = { at: 0, wall: 0 };
  private lastEventId = 0;
  private memory: BotMemory = NEW_MEMORY;
  /** The engine's refusal of the last command, for the next decision. */
  private refused: Rejection | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** An action is scheduled: the bot has made up its mind and sends it when its timer fires. */
  private acting = false;
  private thinking = false;
  /** The view changed while the bot was thinking. */
  private changed = false;
  /** The event id of the bot's own last action, until the stream has delivered it. */
  private awaiting = 0;
  private readonly abort = new AbortController();
  readonly user: SessionUser;
  readonly level: BotLevel;
  private readonly thinker: Thinker;
  private readonly pace: number;
  private readonly clockScale: number;
  private readonly random: () => number;

  constructor(
    private readonly host: BotHost,
    readonly matchId: string,
    readonly seat: number,
    options: BotOptions,
  ) {
    this.level = options.level;
    this.thinker = options.thinker ?? thinkOffThread;
    this.pace = options.pace ?? 1;
    this.clockScale = options.clockScale ?? 1;
    this.random = options.random ?? Math.random;
    this.user = { id: botHolderId(matchId, seat), name: `Bot ${seat}`, role: "PLAYER" };
  }

  /** Follows the seat until the game is over for it; resolves then. */
  async run(): Promise<void> {
    const stream = await this.host.followSeat(this.user, this.matchId, null, this.abort.signal);
    for await (const { id, message } of stream) {
      this.receive(Number(id), message);
      if (this.done) break;
    }
    this.stop();
  }

  stop(): void {
    this.clearTimer();
    this.abort.abort();
  }

  private get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** Over for this bot: the match is over, or (a single hand) the bot is out of it. */
  private get done(): boolean {
    if (!this.view) return false;
    const { hand, game } = splitGameView(this.view);
    if (game && game.kind === "long") return game.phase === "over";
    return hand.outcome !== null || hand.seats[this.seat]?.status !== "playing";
  }

  /** The match's clock now, from the last message's instant (not the view's last change). */
  private now(): Millis {
    return Math.floor(this.clock.at + (performance.now() - this.clock.wall) * this.clockScale);
  }

  private receive(id: number, message: StreamMessage): void {
    if (message.type === "match") {
      if (message.match.status === "ENDED") this.stop();
      return;
    }
    this.lastEventId = id;
    this.clock = { at: message.now, wall: performance.now() };
    const view = viewAfter(this.view, message);
    this.view = view && machiaveloxView(view);
    // The bot's own action shows in the view only once its events arrive.
    if (this.awaiting > id) return;
    this.awaiting = 0;
    if (this.thinking) this.changed = true;
    // A bot that made up its mind acts; one that waits looks again at the new view.
    else if (!this.acting) this.think();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private think(): void {
    if (this.stopped || this.done || !this.view) return;
    this.clearTimer();
    this.thinking = true;
    this.changed = false;
    void this.decide(this.view).then(
      (action) => {
        this.thinking = false;
        if (!this.stopped) this.follow(action);
      },
      () => {
        // Only a broken thread gets here (timeouts fall back): look again a little later.
        this.thinking = false;
        this.follow({ kind: "wait", until: this.now() + RETRY_MS });
      },
    );
  }

  /** The level's decision, or, between the hands of a long game, whether to say ready (§13). */
  private async decide(view: StreamView): Promise<BotAction> {
    const { hand, game } = splitGameView(view);
    const now = this.now();
    if (game?.phase === "pause") {
      this.memory = NEW_MEMORY;
      if (game.pause?.ready[this.seat]) return { kind: "wait", until: null };
      const { min, max } = REACTION_MS[this.level];
      return { kind: "act", command: { do: "ready" }, at: now + min + this.random() * (max - min) };
    }
    const refused = this.refused;
    this.refused = null;
    const job = (level: BotLevel) => ({
      type: "decide" as const,
      level,
      view: hand,
      now,
      memory: this.memory,
      refused,
      seed: Math.floor(this.random() * 2 ** 31),
    });
    const decision = await this.thinker(job(this.level), DECISION_MS).catch((error: unknown) => {
      if (!(error instanceof ThinkingTimeout)) throw error;
      return this.thinker(job(DEFAULT_LEVEL), DECISION_MS);
    });
    this.memory = decision.memory;
    return decision.action;
  }

  /** Acts after the reaction time (less the time spent thinking), or waits. */
  private follow(action: BotAction): void {
    if (action.kind === "act") {
      this.acting = true;
      const delay = (Math.max(0, action.at - this.now()) * this.pace) / this.clockScale;
      this.timer = setTimeout(() => void this.send(action.command), delay);
      return;
    }
    // The view changed while the bot was thinking: a waiting bot looks again at once.
    if (this.changed) return this.think();
    if (action.until !== null)
      this.timer = setTimeout(
        () => this.think(),
        Math.max(0, action.until - this.now()) / this.clockScale,
      );
  }

  private async send(command: Command): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    try {
      const { eventId } = await this.host.act(this.user, this.matchId, this.seat, command);
      this.acting = false;
      if (Number(eventId) > this.lastEventId) this.awaiting = Number(eventId);
      else this.think();
    } catch (error) {
      this.acting = false;
      // A refusal is part of the game (the table moved meanwhile): the next decision sees it.
      if (error instanceof MatchError && error.rejection) {
        // A Machiavelox bot sits at Machiavelox tables only: the rejection is that engine's.
        this.refused = error.rejection as Rejection;
        this.think();
      } else this.follow({ kind: "wait", until: this.now() + RETRY_MS });
    }
  }
}

/** Keyed by `matchId:seat`, so a seat never gets two bots. */
const running = new Map<string, PracticeBot>();

function attach(
  registry: LiveMatches,
  matchId: string,
  seat: number,
  level: BotLevel,
  clockScale = 1,
): void {
  const key = `${matchId}:${seat}`;
  if (running.has(key)) return;
  const pace = registry.settings.BOT_REACTION_SCALE;
  // Played where the match is: the bot stops when its match moves, and sits down again there.
  const bot = new PracticeBot(registry.here, matchId, seat, { level, pace, clockScale });
  running.set(key, bot);
  void bot.run().finally(() => running.delete(key));
}

/**
 * Opens a practice table for the player and seats two bots of `level` at it. `fastClock`: a
 * test table's clock, MATCH_CLOCK_SCALE times faster (1, real time, where that is unset).
 */
export async function startPractice(
  user: SessionUser,
  level: BotLevel,
  fastClock = false,
): Promise<{ matchId: string }> {
  const registry = liveMatches();
  const clockScale = fastClock ? registry.settings.MATCH_CLOCK_SCALE : 1;
  const { matchId } = await registry.openPractice(user, level, clockScale);
  for (const seat of [1, 2]) attach(registry, matchId, seat, level, clockScale);
  return { matchId };
}

/**
 * A classic practice table: the player at seat 0 and one bot per level given (1 to 4), the
 * round dealt at once. Classic bots are played by the match itself (classic-seats.ts).
 */
export async function startClassicPractice(
  user: SessionUser,
  levels: readonly BotLevel[],
  options: ClassicOptions,
  fastClock = false,
): Promise<{ matchId: string }> {
  const registry = liveMatches();
  const clockScale = fastClock ? registry.settings.MATCH_CLOCK_SCALE : 1;
  const spec = { rules: "classic" as const, players: levels.length + 1, options };
  return registry.openPractice(user, levels, clockScale, spec);
}

/** The bots of the tables being played sit down, each at its level: after a restart, or once seated. */
export function resumePracticeBots(registry: LiveMatches): number {
  const seats = registry.botSeats();
  for (const { matchId, seat, level } of seats)
    attach(registry, matchId, seat, isBotLevel(level) ? level : DEFAULT_LEVEL);
  return seats.length;
}
