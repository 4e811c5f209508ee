// Hands for bot tests from card literals, and one bot stepped by hand through
// the real engine (the tournament driver plays whole hands; these tests need to
// slip an opponent's action in between two of the bot's commands).

import type { Command, Rejection } from "@/engine/commands";
import { apply } from "@/engine/engine";
import { mulberry32 } from "@/engine/rng";
import type { HandState, Seat } from "@/engine/state";
import { viewFor } from "@/engine/views";
import { type BotLevel, type BotMemory, decideBot, NEW_MEMORY } from "@/bots/policy";
import { decideClassicBot, NEW_CLASSIC_MEMORY } from "@/bots/classic/policy";
import { followStep, type StepPlan } from "@/bots/classic/steps";
import { type ClassicCommand, type ClassicState, classicViewFor } from "@/engine/classic";
import { hand } from "../engine/helpers";
import { act } from "../engine/classic-helpers";

/**
 * A hand from literals (tests/engine/helpers.ts): every seat has drawn; `laid`
 * says which seats have met §8's laid-meld condition.
 */
export function laidOut(spec: Parameters<typeof hand>[0] & { laid?: boolean[] }): HandState {
  return hand({
    ...spec,
    achieved: [0, 1, 2].map((s) => ({ drawn: true, laidMeld: spec.laid?.[s] ?? false })),
  });
}

/** An opponent's command that must be accepted. */
export function accept(state: HandState, seat: Seat, command: Command, at: number): HandState {
  const result = apply(state, seat, command, at);
  if (!result.ok) throw new Error(`${JSON.stringify(command)} refused: ${result.rejection.reason}`);
  return result.state;
}

/** One bot at one seat, stepped command by command on a clock of its own reaction delays. */
export class SteppedBot {
  memory: BotMemory = NEW_MEMORY;
  refused: Rejection | null = null;
  now = 0;
  readonly sent: Command[] = [];
  private readonly random = mulberry32(7);

  constructor(
    readonly level: BotLevel,
    readonly seat: Seat,
  ) {}

  /** Decides and sends one command; null when the bot waits. */
  step(state: HandState): HandState | null {
    const decision = decideBot(this.level, {
      view: viewFor(state, this.seat),
      now: Math.max(this.now, state.now),
      memory: this.memory,
      random: this.random,
      refused: this.refused,
    });
    this.memory = decision.memory;
    this.refused = null;
    if (decision.action.kind === "wait") return null;
    this.now = decision.action.at;
    this.sent.push(decision.action.command);
    const result = apply(state, this.seat, decision.action.command, this.now);
    if (result.ok) return result.state;
    this.refused = result.rejection;
    return state;
  }
}

/** The mover's bot plays its whole turn; every command must be accepted. */
export function botTurn(state: ClassicState, level: BotLevel) {
  const seat = state.turn;
  let memory = NEW_CLASSIC_MEMORY;
  const sent: ClassicCommand[] = [];
  while (state.turn === seat && state.phase === "turn") {
    const decision = decideClassicBot(level, {
      view: classicViewFor(state, seat),
      memory,
      refused: null,
    });
    memory = decision.memory;
    sent.push(decision.command!);
    state = act(state, seat, decision.command!).state;
  }
  return { state, sent };
}

/** The mover plays a hint's plan, each step's command from the table as it is then, to its end. */
export function followHint(state: ClassicState, plan: StepPlan) {
  const seat = state.turn;
  for (let index = 0; ; index++) {
    const command = followStep(plan, index, classicViewFor(state, seat));
    if (!command) throw new Error(`step ${index}: the table no longer holds the plan's work`);
    state = act(state, seat, command).state;
    if (command.do === "end") return state;
  }
}
