// The engine's entry points: apply one seat's command at an instant, advance
// the clock, and say when something next falls due. Every call works on a
// copy; the input state is never mutated.

import { dispatch, gated, receive } from "./command-kit";
import { type CommandHandlers, parseCommand, type Rejection } from "./commands";
import { conflictCommands } from "./conflicts";
import { type Draft, draftOf } from "./draft";
import type { EngineEvent } from "./engine-events";
import {
  absenceDeadline,
  checkFreezeGoingOut,
  finishFreeze,
  freezeCommands,
  inactivity,
  leave,
  presenceCommands,
  refusePlaying,
  tiebreakOver,
} from "./lifecycle";
import {
  endPlay,
  finalizeSteps,
  letGoOfHold,
  nextFinality,
  playCommands,
  settlePlays,
} from "./play";
import { stagingCommands } from "./staging";
import { type HandState, INACTIVITY_MS, type Millis } from "./state";

export type ApplyResult =
  { ok: true; state: HandState; events: EngineEvent[] } | { ok: false; rejection: Rejection };

/** Applies one seat's command at `now`, after firing every timer due by then. */
export function apply(state: HandState, from: unknown, input: unknown, at: unknown): ApplyResult {
  const arrived = receive(
    parseCommand,
    { now: state.now, seats: state.players.length, of: "hand" },
    from,
    input,
    at,
  );
  if (!arrived.ok) return arrived;
  const { seat, command, now } = arrived;
  const draft = draftOf(state);
  advanceDraft(draft, now);
  const rejection: Rejection | null = dispatch(HANDLERS, draft, seat, command);
  if (rejection) return { ok: false, rejection };
  if (draft.state.freeze?.seat === seat) checkFreezeGoingOut(draft);
  settle(draft);
  return { ok: true, state: draft.state, events: draft.events };
}

/** Fires every timer due at or before `now`, in time order. */
export function advance(
  state: HandState,
  now: Millis,
): { state: HandState; events: EngineEvent[] } {
  if (now <= state.now) return { state, events: [] };
  // Nothing falls due: only the clock moves. The rest is shared, not copied (every command
  // advances first, and a copy here doubled the copying of each one); nothing mutates it.
  const due = nextDeadline(state);
  if (due === null || due > now) return { state: { ...state, now }, events: [] };
  const draft = draftOf(state);
  advanceDraft(draft, now);
  return { state: draft.state, events: draft.events };
}

type TimerKind = "play" | "hold" | "freeze" | "absence" | "tiebreak" | "inactivity" | "final";

/**
 * Every running timer, in the order they fire when they fall due at the same
 * instant: plays first (a command at a deadline comes after its judgement),
 * then holds, the freeze, absences, the tie-break, inactivity; finality last.
 * None runs once the hand is over; a freeze stops all but the caller's (§9).
 */
function timers(state: HandState): [TimerKind, Millis][] {
  if (state.outcome) return [];
  const list: [TimerKind, Millis][] = [];
  const freeze = state.freeze;
  if (!freeze) for (const p of state.plays) if (p.open) list.push(["play", p.deadline]);
  for (const p of state.players) if (p.hold) list.push(["hold", p.hold.until]);
  if (freeze) list.push(["freeze", freeze.deadline]);
  state.players.forEach((_, seat) => {
    const at = absenceDeadline(state, seat);
    if (at !== null) list.push(["absence", at]);
  });
  if (state.tiebreak) list.push(["tiebreak", state.tiebreak.deadline]);
  else if (!freeze) list.push(["inactivity", state.progressAt + INACTIVITY_MS]);
  const finality = freeze ? null : nextFinality(state);
  if (finality !== null) list.push(["final", finality]);
  return list;
}

/**
 * The next instant something fires (a play's 40 s, a hold's 10 s, a step
 * becoming final, the freeze, an absence, the tie-break, inactivity), or null.
 */
export function nextDeadline(state: HandState): Millis | null {
  const times = timers(state).map(([, at]) => at);
  return times.length > 0 ? Math.min(...times) : null;
}

function advanceDraft(draft: Draft, now: Millis): void {
  const { state } = draft;
  for (;;) {
    const due = nextDeadline(state);
    if (due === null || due > now) break;
    state.now = Math.max(state.now, due);
    const kind = timers(state).find(([, at]) => at <= state.now)![0];
    fire(draft, kind);
    settle(draft);
  }
  state.now = now;
}

function fire(draft: Draft, kind: TimerKind): void {
  const { state } = draft;
  switch (kind) {
    case "play":
      for (const play of state.plays.filter((p) => p.open && p.deadline <= state.now))
        if (play.open && !state.outcome) endPlay(draft, play, "time");
      return;
    case "hold":
      state.players.forEach((player, seat) => {
        if (player.hold && player.hold.until <= state.now) letGoOfHold(draft, seat, "expired");
      });
      return;
    case "freeze":
      return finishFreeze(draft, "time");
    case "absence": {
      const due = state.players.flatMap((_, seat) => {
        const at = absenceDeadline(state, seat);
        return at !== null && at <= state.now ? [seat] : [];
      });
      return leave(draft, due, "absent");
    }
    case "tiebreak":
      return tiebreakOver(draft);
    case "inactivity":
      return inactivity(draft);
    case "final":
      return; // settle() folds the steps that became final
  }
}

function settle(draft: Draft): void {
  settlePlays(draft);
  // Nothing becomes final during a freeze (§9) or once the hand has ended in its state.
  if (!draft.state.freeze && !draft.state.outcome) finalizeSteps(draft);
  const { state } = draft;
  const open = (id: number) => state.plays.some((p) => p.id === id && p.open);
  state.contests = state.contests.filter((c) => c.plays.some(open));
  state.reserved = state.reserved.filter((r) => state.plays.some((p) => p.id === r.play));
}

/**
 * One handler per command. Presence, Leave and ready check for themselves whether the
 * seat may act; the rest need a seat that may play now.
 */
const HANDLERS: CommandHandlers = {
  ...presenceCommands,
  ...gated(refusePlaying, {
    ...freezeCommands,
    ...stagingCommands,
    ...playCommands,
    ...conflictCommands,
  }),
};
