// The match actor's surroundings in memory: a store and a clock tests drive by hand, as
// boardgame.io tests its Master on InMemory storage.

import pino from "pino";
import type { MatchOutcome } from "@/server/matches/engine";
import type { LogEntry } from "@/server/matches/event-log";
import { LiveMatch, type MatchDeps } from "@/server/matches/live-match";
import type { Alarm, MatchClock } from "@/server/matches/match-clock";
import type { Ending, MatchStore, SeatRow } from "@/server/matches/match-store";
import { rulesFor, type MatchSpec } from "@/server/matches/engine";
import type { MatchInfo } from "@/protocol/stream";

/** One match's rows and log, kept in memory; `failing` makes every write throw until cleared. */
export class MemoryStore implements MatchStore {
  log: LogEntry[] = [];
  seats = new Map<number, SeatRow>();
  started: { seed: number; startedAt: Date } | null = null;
  hands = new Map<number, unknown>();
  ended: Ending | null = null;
  terminated: string | null = null;
  removed = false;
  failing: string | null = null;
  /** Writes tried, failed ones included. */
  tries = 0;

  private write() {
    this.tries++;
    if (this.failing) throw new Error(this.failing);
  }

  entries(): Promise<LogEntry[]> {
    return Promise.resolve([...this.log]);
  }

  async append(entry: LogEntry): Promise<void> {
    this.write();
    await Promise.resolve();
    this.log.push(entry);
  }

  async takeSeat(seat: number, row: SeatRow): Promise<void> {
    this.write();
    this.seats.set(seat, row);
    await Promise.resolve();
  }

  async startHand(seed: number, startedAt: Date): Promise<void> {
    this.write();
    this.started = { seed, startedAt };
    await Promise.resolve();
  }

  async recordHands(hands: { number: number; outcome: unknown }[]): Promise<void> {
    this.write();
    for (const { number, outcome } of hands) this.hands.set(number, outcome);
    await Promise.resolve();
  }

  async end(ending: { endedAt: Date; result: MatchOutcome }): Promise<void> {
    this.write();
    this.ended = ending;
    await Promise.resolve();
  }

  async terminate(_endedAt: Date, reason: string): Promise<void> {
    this.write();
    this.terminated = reason;
    await Promise.resolve();
  }

  async remove(): Promise<void> {
    this.write();
    this.removed = true;
    await Promise.resolve();
  }
}

/**
 * A clock that moves only when told: `advance` passes real time (the match's at `scale` times
 * the pace) and runs the alarms that come due, in order, letting each one's work settle.
 */
export class ManualClock implements MatchClock {
  wall = 0;
  private at = 0;
  private setAt = 0;
  private alarms: { due: number; fire: () => void; order: number }[] = [];
  private made = 0;

  constructor(private readonly scale = 1) {}

  now(): number {
    return this.at + Math.floor((this.wall - this.setAt) * this.scale);
  }

  set(at: number): void {
    this.at = at;
    this.setAt = this.wall;
  }

  after(ms: number, fire: () => void): Alarm {
    return this.afterWall(ms / this.scale, fire);
  }

  afterWall(ms: number, fire: () => void): Alarm {
    const alarm = { due: this.wall + ms, fire, order: this.made++ };
    this.alarms.push(alarm);
    return { cancel: () => (this.alarms = this.alarms.filter((one) => one !== alarm)) };
  }

  /** Alarms set and not yet fired or cancelled. */
  get pending(): number {
    return this.alarms.length;
  }

  async advance(ms: number): Promise<void> {
    const until = this.wall + ms;
    for (;;) {
      const next = this.alarms
        .filter((alarm) => alarm.due <= until)
        .sort((a, b) => a.due - b.due || a.order - b.order)[0];
      if (!next) break;
      this.alarms = this.alarms.filter((alarm) => alarm !== next);
      this.wall = next.due;
      next.fire();
      await settle();
    }
    this.wall = until;
  }
}

/** Lets every promise already under way run to its end (the actor's queue included). */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

export const PLAYERS = ["ada", "bea", "cy"].map((userId) => ({ userId, name: userId }));

/** A waiting Machiavelox table of three seats, in memory, and what it told the registry. */
export function memoryMatch(
  spec: MatchSpec = { rules: "machiavelox", kind: "single" },
  store = new MemoryStore(),
  clock = new ManualClock(),
) {
  const ended: string[] = [];
  const lost: string[] = [];
  const deps: MatchDeps = {
    logger: pino({ level: "silent" }),
    onEnded: (match) => ended.push(match.id),
    onLost: (match) => lost.push(match.id),
    dealSeed: 7,
  };
  const rules = rulesFor(spec);
  const info: MatchInfo = {
    id: "m1",
    kind: "FRIENDLY_SINGLE",
    status: "WAITING",
    rules: spec.rules,
    seats: Array<null>(rules.seats).fill(null),
    createdAt: new Date(0),
    startedAt: null,
    endedAt: null,
    result: null,
  };
  const match = LiveMatch.create(deps, { store, clock }, info, rules);
  return { match, store, clock, ended, lost, deps, rules, info };
}
