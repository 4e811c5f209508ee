import { performance } from "node:perf_hooks";
import type { Millis } from "./engine";

/** A wake-up set on a clock; `cancel` makes sure it never runs. */
export type Alarm = { cancel(): void };

/**
 * A match's time: the engine's virtual milliseconds, which run from the hand's deal and stand
 * still while no server holds the match, and the wake-ups of its timers. The actor reads no
 * other time, so tests drive it with a clock of their own.
 */
export interface MatchClock {
  /** The engine's time now. */
  now(): Millis;
  /** From this instant the clock reads `at` (a hand dealt, a log replayed). */
  set(at: Millis): void;
  /** Runs `fire` once `ms` of the match's time have passed. */
  after(ms: Millis, fire: () => void): Alarm;
  /** Runs `fire` after `ms` of real time, whatever the match's pace (a retry). */
  afterWall(ms: number, fire: () => void): Alarm;
}

/** The process's clock, `scale` match ms per real ms: 1, but at a test table asking for a fast clock (MATCH_CLOCK_SCALE). */
export class WallClock implements MatchClock {
  /** `virtualAt` engine ms at `wallAt` (performance.now()). */
  private virtualAt: Millis = 0;
  private wallAt = performance.now();

  constructor(private readonly scale = 1) {}

  now(): Millis {
    return this.virtualAt + Math.floor((performance.now() - this.wallAt) * this.scale);
  }

  set(at: Millis): void {
    this.virtualAt = at;
    this.wallAt = performance.now();
  }

  after(ms: Millis, fire: () => void): Alarm {
    return this.afterWall(ms / this.scale, fire);
  }

  afterWall(ms: number, fire: () => void): Alarm {
    const timer = setTimeout(fire, ms);
    return { cancel: () => clearTimeout(timer) };
  }
}
