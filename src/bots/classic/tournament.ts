// Classic bots playing whole rounds through the real engine, each from its own
// seat's view, and a seeded tournament between levels: seats rotate from round
// to round so seat order biases nobody, every figure with its 95% interval.

import {
  applyClassic,
  type ClassicOptions,
  newClassicGame,
  type ClassicState,
  type RoundOutcome,
  type ClassicView,
  classicViewFor,
  type ClassicCommand,
  type ClassicRejection,
} from "@/engine/classic";
import { type Seat } from "@/engine";
import type { BotLevel } from "../policy";
import {
  average,
  type Interval,
  interval,
  paired,
  percent,
  proportion,
  range,
} from "../tournament";
import { type ClassicBotMemory, decideClassicBot, NEW_CLASSIC_MEMORY } from "./policy";

/** Each command takes the bots a second of virtual time. */
const STEP_MS = 1000;

export interface ClassicBotRoundOptions {
  seed: number;
  levels: readonly BotLevel[];
  options?: Partial<ClassicOptions>;
  /** A game already laid out (tests) instead of the seed's deal. */
  start?: ClassicState;
  maxCommands?: number;
  /** Sees every seat's decision with the view it was made from, the mover's and the others' (checks in tests). */
  onDecision?: (seat: Seat, view: ClassicView, command: ClassicCommand | null) => void;
}

export interface ClassicBotRound {
  outcome: RoundOutcome | null;
  commands: number;
  refused: number;
  failed: number;
  state: ClassicState;
}

/** One round (a single-round game): the mover's bot decides and acts; with `onDecision`, every other seat is asked too. */
export function playClassicBotRound(input: ClassicBotRoundOptions): ClassicBotRound {
  let state: ClassicState;
  if (input.start) state = input.start;
  else {
    const created = newClassicGame({
      players: input.levels.length,
      seed: input.seed,
      now: 0,
      options: { ...input.options, target: null },
    });
    if (!created.ok) throw new Error(created.error);
    state = created.state;
  }
  const memory: ClassicBotMemory[] = input.levels.map(() => NEW_CLASSIC_MEMORY);
  const refusals: (ClassicRejection | null)[] = input.levels.map(() => null);
  const max = input.maxCommands ?? 20_000;
  let commands = 0;
  let refused = 0;
  let failed = 0;
  while (state.phase === "turn" && commands < max) {
    const mover = state.turn;
    if (input.onDecision)
      input.levels.forEach((level, seat) => {
        if (seat === mover) return;
        const view = classicViewFor(state, seat);
        input.onDecision!(
          seat,
          view,
          decideClassicBot(level, { view, memory: memory[seat]!, refused: null }).command,
        );
      });
    const view = classicViewFor(state, mover);
    const decision = decideClassicBot(input.levels[mover]!, {
      view,
      memory: memory[mover]!,
      refused: refusals[mover]!,
    });
    input.onDecision?.(mover, view, decision.command);
    memory[mover] = decision.memory;
    refusals[mover] = null;
    if (!decision.command) throw new Error(`seat ${mover} has nothing to do on its turn`);
    commands++;
    const result = applyClassic(state, mover, decision.command, state.now + STEP_MS);
    if (result.ok) {
      state = result.state;
      failed += result.events.filter((e) => e.type === "failed").length;
    } else {
      refused++;
      refusals[mover] = result.rejection;
    }
  }
  return { outcome: state.rounds[0] ?? null, commands, refused, failed, state };
}

export interface ClassicLevelStats {
  level: BotLevel;
  seats: number;
  wins: number;
  winRate: Interval;
  /** Penalty points a round: fewer is better. */
  penalty: Interval;
}

/** A level against the next one down, paired round by round: clear when both intervals stay above 0. */
export interface ClassicGap {
  better: BotLevel;
  worse: BotLevel;
  /** better's win rate − worse's. */
  winRate: Interval;
  /** worse's penalty points − better's. */
  penalty: Interval;
  clear: boolean;
}

export interface ClassicTournamentResult {
  rounds: number;
  unfinished: number;
  endings: Record<string, number>;
  commands: number;
  refused: number;
  failed: number;
  levels: ClassicLevelStats[];
  gaps: ClassicGap[];
}

export function runClassicTournament(options: {
  players: readonly BotLevel[];
  hands: number;
  seed: number;
  variants?: ClassicOptions["variants"];
}): ClassicTournamentResult {
  const { players } = options;
  const levels = [...new Set(players)];
  const perSeat = new Map(
    levels.map((l) => [l, { wins: [] as number[], penalty: [] as number[] }]),
  );
  const perRound = new Map(
    levels.map((l) => [l, { wins: [] as number[], penalty: [] as number[] }]),
  );
  const endings: Record<string, number> = {};
  const totals = { unfinished: 0, commands: 0, refused: 0, failed: 0 };
  for (let i = 0; i < options.hands; i++) {
    const seatLevels = players.map((_, seat) => players[(seat + i) % players.length]!);
    const round = playClassicBotRound({
      seed: options.seed + i,
      levels: seatLevels,
      options: { variants: [...(options.variants ?? [])] },
    });
    totals.commands += round.commands;
    totals.refused += round.refused;
    totals.failed += round.failed;
    const outcome = round.outcome;
    if (!outcome) {
      totals.unfinished++;
      continue;
    }
    endings[outcome.reason] = (endings[outcome.reason] ?? 0) + 1;
    for (const level of levels) {
      const mine = seatLevels.flatMap((l, seat) => (l === level ? [seat] : []));
      const wins = mine.map((seat) => (outcome.winner === seat ? 1 : 0));
      const penalty = mine.map((seat) => outcome.scores[seat]!);
      perSeat.get(level)!.wins.push(...wins);
      perSeat.get(level)!.penalty.push(...penalty);
      perRound.get(level)!.wins.push(average(wins));
      perRound.get(level)!.penalty.push(average(penalty));
    }
  }
  const gaps = levels.slice(1).map((worse, i): ClassicGap => {
    const better = levels[i]!;
    const [a, b] = [perRound.get(better)!, perRound.get(worse)!];
    const winRate = paired(a.wins, b.wins);
    const penalty = paired(b.penalty, a.penalty);
    return { better, worse, winRate, penalty, clear: winRate.low > 0 && penalty.low > 0 };
  });
  const n = Math.max(options.hands, 1);
  return {
    rounds: options.hands,
    unfinished: totals.unfinished,
    endings,
    commands: totals.commands / n,
    refused: totals.refused / n,
    failed: totals.failed / n,
    levels: levels.map((level) => {
      const { wins, penalty } = perSeat.get(level)!;
      const won = wins.reduce((a, b) => a + b, 0);
      return {
        level,
        seats: wins.length,
        wins: won,
        winRate: proportion(won, wins.length),
        penalty: interval(penalty),
      };
    }),
    gaps,
  };
}

const points = (x: number) => x.toFixed(2);

export function formatClassicTournament(result: ClassicTournamentResult): string[] {
  const endings = Object.entries(result.endings)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(", ");
  return [
    `${result.rounds} classic rounds, seats rotating; endings: ${endings}` +
      (result.unfinished > 0 ? `, unfinished ${result.unfinished}` : ""),
    `per round: ${result.commands.toFixed(0)} commands (${result.refused.toFixed(2)} refused, ` +
      `${result.failed.toFixed(2)} failed moves)`,
    "",
    "level    seats  wins   win rate [95% CI]          penalty points [95% CI]",
    ...result.levels.map(
      (l) =>
        `${l.level.padEnd(8)} ${String(l.seats).padStart(5)} ${String(l.wins).padStart(5)}   ` +
        `${range(l.winRate, percent).padEnd(26)} ${range(l.penalty, points)}`,
    ),
    "",
    "gaps, paired round by round [95% CI]:",
    ...result.gaps.map(
      (g) =>
        `  ${g.better} − ${g.worse}: win rate ${range(g.winRate, percent)}, ` +
        `penalty points saved ${range(g.penalty, points)} — ${g.clear ? "clear of noise" : "NOT clear of noise"}`,
    ),
  ];
}
