// Bots playing whole hands on a virtual clock (no waiting), and a seeded
// tournament between levels: seats rotate from hand to hand so seat order
// biases nobody, and every figure comes with its 95% confidence interval.

import {
  type Rejection,
  type RejectionCode,
  advance,
  apply,
  nextDeadline,
  mulberry32,
  newHand,
  type HandEndReason,
  type HandOutcome,
  type HandState,
  type Millis,
  type Seat,
  type HandView,
  viewFor,
} from "@/engine";
import { type BotAction, type BotLevel, type BotMemory, decideBot, NEW_MEMORY } from "./policy";

export interface BotHandOptions {
  seed: number;
  /** The level at each seat; null leaves the seat idle (tests of one bot's play). */
  levels: readonly (BotLevel | null)[];
  /** A hand already laid out (tests) instead of the seed's deal. */
  start?: HandState;
  /** A bound on commands sent: a hand that outlasts it is reported unfinished. */
  maxCommands?: number;
  /** Sees every decision with the view it was made from (checks in tests). */
  onDecision?: (seat: Seat, view: HandView, action: BotAction) => void;
}

export interface BotHand {
  outcome: HandOutcome | null;
  /** Virtual time from the deal to the end. */
  duration: Millis;
  commands: number;
  /** Commands the engine refused, by its code: the table moved before the bot's command landed. */
  refused: Partial<Record<RejectionCode, number>>;
  state: HandState;
}

function dealt(seed: number): HandState {
  const created = newHand({ now: 0, seed });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

/** A reproducible random source per hand and seat. */
function seatRandom(seed: number, seat: Seat): () => number {
  return mulberry32(Math.imul(seed, 0x9e3779b1) ^ Math.imul(seat + 1, 0x85ebca6b));
}

/**
 * Plays one hand: each bot decides from its own view, its command reaches
 * the engine after its reaction delay, and a waiting bot decides again
 * whenever the table changes; the engine's timers fire in between.
 */
export function playBotHand(options: BotHandOptions): BotHand {
  let state = options.start ?? dealt(options.seed);
  const seats = state.players.map((_, seat) => seat);
  const randoms = seats.map((seat) => seatRandom(options.seed, seat));
  const memory: BotMemory[] = seats.map(() => NEW_MEMORY);
  const refusals: (Rejection | null)[] = seats.map(() => null);
  const pending: (BotAction | null)[] = seats.map(() => null);
  const maxCommands = options.maxCommands ?? 5_000;
  let commands = 0;
  const refused: Partial<Record<RejectionCode, number>> = {};

  const decide = (seat: Seat, now: Millis) => {
    const level = options.levels[seat];
    if (!level) return;
    const view = viewFor(state, seat);
    const decision = decideBot(level, {
      view,
      now,
      memory: memory[seat]!,
      random: randoms[seat]!,
      refused: refusals[seat]!,
    });
    options.onDecision?.(seat, view, decision.action);
    memory[seat] = decision.memory;
    refusals[seat] = null;
    pending[seat] = decision.action;
  };
  const whenDue = (action: BotAction | null) =>
    action === null ? Infinity : action.kind === "act" ? action.at : (action.until ?? Infinity);
  // Whoever waits for a change looks again.
  const wakeWaiting = () =>
    seats.forEach((seat) => {
      if (pending[seat]?.kind === "wait") decide(seat, state.now);
    });

  for (const seat of seats) decide(seat, 0);
  while (!state.outcome && commands < maxCommands) {
    const times = pending.map(whenDue);
    const at = Math.min(...times);
    const due = nextDeadline(state);
    if (due !== null && due <= at) {
      state = advance(state, due).state;
      wakeWaiting();
      continue;
    }
    if (at === Infinity) break;
    const seat = times.indexOf(at);
    const action = pending[seat]!;
    if (action.kind === "wait") {
      decide(seat, at);
      continue;
    }
    commands++;
    const result = apply(state, seat, action.command, at);
    if (result.ok) state = result.state;
    else {
      const code = result.rejection.code;
      refused[code] = (refused[code] ?? 0) + 1;
      refusals[seat] = result.rejection;
    }
    decide(seat, at);
    if (result.ok) wakeWaiting();
  }
  return { outcome: state.outcome, duration: state.now, commands, refused, state };
}

export interface Interval {
  mean: number;
  low: number;
  high: number;
}

/** Mean with the normal approximation's 95% interval. */
export function interval(values: readonly number[]): Interval {
  const n = values.length;
  const mean = n === 0 ? 0 : values.reduce((a, b) => a + b, 0) / n;
  const variance = n < 2 ? 0 : values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const half = 1.96 * Math.sqrt(variance / Math.max(n, 1));
  return { mean, low: mean - half, high: mean + half };
}

/** Wilson's 95% interval for a proportion: it stays inside [0, 1] even for few hands. */
export function proportion(successes: number, n: number): Interval {
  if (n === 0) return { mean: 0, low: 0, high: 0 };
  const z = 1.96;
  const p = successes / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { mean: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface LevelStats {
  level: BotLevel;
  /** Seats played by the level over the tournament. */
  seats: number;
  wins: number;
  winRate: Interval;
  score: Interval;
}

/** A level against the next one down, paired hand by hand: clear when both intervals stay above 0. */
export interface Gap {
  better: BotLevel;
  worse: BotLevel;
  winRate: Interval;
  score: Interval;
  clear: boolean;
}

export interface TournamentOptions {
  /** One level per seat, strongest first for the gaps (e.g. hard, medium, easy). */
  players: readonly BotLevel[];
  hands: number;
  seed: number;
  maxCommands?: number;
}

export interface TournamentResult {
  hands: number;
  unfinished: number;
  endings: Partial<Record<HandEndReason, number>>;
  /** Averages per hand of virtual time, commands sent and refused. */
  duration: number;
  commands: number;
  refused: number;
  levels: LevelStats[];
  gaps: Gap[];
}

/** Hand i is dealt from seed + i, with the players shifted i seats round the table. */
export function runTournament(options: TournamentOptions): TournamentResult {
  const { players } = options;
  const levels = [...new Set(players)];
  const perSeat = new Map(levels.map((l) => [l, { wins: [] as number[], scores: [] as number[] }]));
  const perHand = new Map(levels.map((l) => [l, { wins: [] as number[], scores: [] as number[] }]));
  const endings: Partial<Record<HandEndReason, number>> = {};
  let unfinished = 0;
  const totals = { duration: 0, commands: 0, refused: 0 };
  for (let i = 0; i < options.hands; i++) {
    const seatLevels = players.map((_, seat) => players[(seat + i) % players.length]!);
    const hand = playBotHand({
      seed: options.seed + i,
      levels: seatLevels,
      maxCommands: options.maxCommands,
    });
    totals.duration += hand.duration;
    totals.commands += hand.commands;
    totals.refused += Object.values(hand.refused).reduce((a, b) => a + b, 0);
    const outcome = hand.outcome;
    if (!outcome) unfinished++;
    else endings[outcome.reason] = (endings[outcome.reason] ?? 0) + 1;
    for (const level of levels) {
      const mine = seatLevels.flatMap((l, seat) => (l === level ? [seat] : []));
      const wins = mine.map((seat) => (outcome?.winner === seat ? 1 : 0));
      const scores = mine.map((seat) => outcome?.scores[seat] ?? 0);
      perSeat.get(level)!.wins.push(...wins);
      perSeat.get(level)!.scores.push(...scores);
      perHand.get(level)!.wins.push(average(wins));
      perHand.get(level)!.scores.push(average(scores));
    }
  }
  const gaps = levels.slice(1).map((worse, i): Gap => {
    const better = levels[i]!;
    const [a, b] = [perHand.get(better)!, perHand.get(worse)!];
    const winRate = paired(a.wins, b.wins);
    const score = paired(a.scores, b.scores);
    return { better, worse, winRate, score, clear: winRate.low > 0 && score.low > 0 };
  });
  const n = Math.max(options.hands, 1);
  return {
    hands: options.hands,
    unfinished,
    endings,
    duration: totals.duration / n,
    commands: totals.commands / n,
    refused: totals.refused / n,
    levels: levels.map((level) => {
      const { wins, scores } = perSeat.get(level)!;
      const won = wins.reduce((a, b) => a + b, 0);
      return {
        level,
        seats: wins.length,
        wins: won,
        winRate: proportion(won, wins.length),
        score: interval(scores),
      };
    }),
    gaps,
  };
}

/** One level's results against another's, paired hand by hand (or round by round). */
export const paired = (a: readonly number[], b: readonly number[]) =>
  interval(a.map((v, i) => v - b[i]!));

export function average(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const points = (x: number) => x.toFixed(1);
export const range = (i: Interval, show: (x: number) => string) =>
  `${show(i.mean)} [${show(i.low)}, ${show(i.high)}]`;

/** The tournament as a report: per level, then each gap, intervals at 95%. */
export function formatTournament(result: TournamentResult): string[] {
  const endings = Object.entries(result.endings)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(", ");
  return [
    `${result.hands} hands, seats rotating; endings: ${endings}` +
      (result.unfinished > 0 ? `, unfinished ${result.unfinished}` : ""),
    `per hand: ${(result.duration / 60_000).toFixed(1)} min of play, ` +
      `${result.commands.toFixed(0)} commands (${result.refused.toFixed(1)} refused)`,
    "",
    "level    seats  wins   win rate [95% CI]          average score [95% CI]",
    ...result.levels.map(
      (l) =>
        `${l.level.padEnd(8)} ${String(l.seats).padStart(5)} ${String(l.wins).padStart(5)}   ` +
        `${range(l.winRate, percent).padEnd(26)} ${range(l.score, points)}`,
    ),
    "",
    "gaps, paired hand by hand [95% CI]:",
    ...result.gaps.map(
      (g) =>
        `  ${g.better} − ${g.worse}: win rate ${range(g.winRate, percent)}, ` +
        `score ${range(g.score, points)} — ${g.clear ? "clear of noise" : "NOT clear of noise"}`,
    ),
  ];
}
