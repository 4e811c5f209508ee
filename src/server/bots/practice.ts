// Practice tables: one player against two server-side bots. A bot plays its seat
// exactly as a player does — it follows the seat's stream and sends the same actions
// through the registry — and decides from its own seat's view only (no peeking),
// picking a random legal action after a human pause.

import type { Command } from "@/engine/commands";
import { randomAction } from "@/engine/random-player";
import { splitGameView } from "@/components/table/game-view";
import type { SessionUser } from "../auth/session";
import { botHolderId, type StreamMessage } from "../matches/live-match";
import { liveMatches, type LiveMatches } from "../matches/registry";

/** What a bot needs from the live server: the same stream and actions as a player's. */
export type BotHost = Pick<LiveMatches, "followSeat" | "act">;

/** The bots' level, stored on their seats. */
export const PRACTICE_LEVEL = "random";
/** A bot thinks this long before each action: a human pace, never a machine gun. */
export const THINK_MS = { min: 1200, max: 3600 };

export class PracticeBot {
  private view: NonNullable<Extract<StreamMessage, { type: "snapshot" }>["view"]> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly abort = new AbortController();
  readonly user: SessionUser;

  constructor(
    private readonly registry: BotHost,
    readonly matchId: string,
    readonly seat: number,
    private readonly random: () => number = Math.random,
  ) {
    this.user = { id: botHolderId(matchId, seat), name: `Bot ${seat}`, role: "PLAYER" };
  }

  /** Follows the seat until the hand is over for it; resolves then. */
  async run(): Promise<void> {
    const stream = await this.registry.followSeat(this.user, this.matchId, null, this.abort.signal);
    for await (const { message } of stream) {
      this.receive(message);
      if (this.done) break;
    }
    this.stop();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
  }

  /** Over for this bot: the match is over, or (a single hand) the bot is out of it. */
  private get done(): boolean {
    if (!this.view) return false;
    const { hand, game } = splitGameView(this.view);
    if (game && game.kind === "long") return game.phase === "over";
    return hand.outcome !== null || hand.seats[this.seat]?.status !== "playing";
  }

  /** What to do now: ready between the hands of a long game (§13), else a random legal action. */
  private decide(): Command | null {
    if (!this.view) return null;
    const { hand, game } = splitGameView(this.view);
    if (game?.phase === "pause") return game.pause?.ready[this.seat] ? null : { do: "ready" };
    return randomAction(hand, this.random);
  }

  private receive(message: StreamMessage): void {
    if (message.type === "match") {
      if (message.match.status === "ENDED") this.stop();
      return;
    }
    if (message.view) this.view = message.view;
    this.think();
  }

  /** Acts after a pause, unless a decision is already pending. */
  private think(): void {
    if (this.timer || this.done || this.abort.signal.aborted) return;
    const { min, max } = THINK_MS;
    this.timer = setTimeout(() => void this.act(), min + this.random() * (max - min));
  }

  private async act(): Promise<void> {
    this.timer = null;
    // Nothing to do (frozen, waiting): the next change in the view wakes the bot up.
    const command = this.decide();
    if (!command || this.abort.signal.aborted) return;
    const connection = `bot:${this.matchId}`;
    // A refusal only means the table moved meanwhile: the bot thinks again, like a player.
    await this.registry
      .act(this.user, connection, this.matchId, this.seat, command)
      .catch(() => undefined);
    this.think();
  }
}

/** Keyed by `matchId:seat`, so a seat never gets two bots. */
const running = new Map<string, PracticeBot>();

function attach(registry: LiveMatches, matchId: string, seat: number): void {
  const key = `${matchId}:${seat}`;
  if (running.has(key)) return;
  const bot = new PracticeBot(registry, matchId, seat);
  running.set(key, bot);
  void bot.run().finally(() => running.delete(key));
}

/** Opens a practice table for the player and seats two bots at it. */
export async function startPractice(user: SessionUser): Promise<{ matchId: string }> {
  const registry = liveMatches();
  const { matchId } = await registry.openPractice(user, PRACTICE_LEVEL);
  for (const seat of [1, 2]) attach(registry, matchId, seat);
  return { matchId };
}

/** After a restart: the bots of the practice tables still being played sit down again. */
export function resumePracticeBots(registry: LiveMatches): number {
  const seats = registry.botSeats();
  for (const { matchId, seat } of seats) attach(registry, matchId, seat);
  return seats.length;
}
