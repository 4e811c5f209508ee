// A command works on a private copy of the state (copy-on-apply), so the
// caller's state is never mutated and a rejection leaves it untouched.

import type { EngineEvent, EventBody } from "./engine-events";
import { type MeldRules, meldRulesFor } from "./melds";
import type { HandState, Meld } from "./state";

export interface Draft {
  state: HandState;
  rules: MeldRules;
  events: EngineEvent[];
}

export function draftOf(state: HandState): Draft {
  return { state: copyHand(state), rules: meldRulesFor(state.rules), events: [] };
}

/**
 * The hand's copy for one command, field by field (the compiler names any field left out):
 * every part a command may change is copied; logged steps are read-only, so the log's copy
 * shares them. Several times faster than `copyPlain` late in a hand, when the log is long.
 */
function copyHand(s: HandState): HandState {
  return {
    rules: s.rules,
    now: s.now,
    removed: [...s.removed],
    unused: [...s.unused],
    players: s.players.map((p) => ({
      status: p.status,
      stock: [...p.stock],
      hand: [...p.hand],
      staging: [...p.staging],
      achieved: { drawn: p.achieved.drawn, laidMeld: p.achieved.laidMeld },
      play: p.play,
      hold: p.hold && { card: p.hold.card, until: p.hold.until },
      present: p.present,
      awaySince: p.awaySince,
      calledStop: p.calledStop,
      owedDraws: p.owedDraws,
    })),
    table: s.table.map(copyMeld),
    base: s.base.map(copyMeld),
    log: [...s.log],
    plays: s.plays.map((p) => ({
      id: p.id,
      seat: p.seat,
      start: p.start,
      deadline: p.deadline,
      open: p.open,
      endedAt: p.endedAt,
      lays: p.lays.map((lay) => [...lay]),
      laid: p.laid,
      freeze: p.freeze,
    })),
    contests: s.contests.map((c) => ({
      card: c.card,
      positions: [...c.positions],
      returns: c.returns,
      plays: [...c.plays],
    })),
    reserved: s.reserved.map((r) => ({ card: r.card, seat: r.seat, play: r.play })),
    progressAt: s.progressAt,
    freeze: s.freeze && { seat: s.freeze.seat, start: s.freeze.start, deadline: s.freeze.deadline },
    tiebreak: s.tiebreak && {
      seats: [...s.tiebreak.seats],
      pile: [...s.tiebreak.pile],
      counts: [...s.tiebreak.counts],
      start: s.tiebreak.start,
      deadline: s.tiebreak.deadline,
    },
    outcome: s.outcome && {
      reason: s.outcome.reason,
      winner: s.outcome.winner,
      draw: s.outcome.draw && [...s.outcome.draw],
      at: s.outcome.at,
      scores: [...s.outcome.scores],
    },
    nextMeldId: s.nextMeldId,
    nextPlayId: s.nextPlayId,
    nextStepId: s.nextStepId,
    nextEventId: s.nextEventId,
  };
}

function copyMeld(meld: Meld): Meld {
  return { id: meld.id, cards: [...meld.cards] };
}

/** Deep copy of plain JSON data: several times faster than structuredClone for the state. */
export function copyPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}

/**
 * `after` with each part deep-equal to the same part of `before` (a list's items matched by
 * `id` when they have one, else by position) replaced by `before`'s. A command's copy then
 * leaves behind only what it changed: the rest stays the earlier state's, already old, so a
 * long-running server's GC neither copies nor promotes it again. Nothing mutates a state once
 * made, so sharing is safe; `after` is updated in place and must be a fresh copy.
 */
export function shareUnchanged<T>(before: T, after: T): T {
  return share(before, after) as T;
}

function share(before: unknown, after: unknown): unknown {
  if (before === after || typeof after !== "object" || after === null) return after;
  if (typeof before !== "object" || before === null) return after;
  if (Array.isArray(after)) return Array.isArray(before) ? shareList(before, after) : after;
  if (Array.isArray(before)) return after;
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  let same = true;
  let keys = 0;
  for (const key in now) {
    keys++;
    const part = Object.hasOwn(was, key) ? share(was[key], now[key]) : now[key];
    if (part !== was[key]) same = false;
    now[key] = part;
  }
  if (!same) return after;
  for (const _ in was) keys--;
  return keys === 0 ? before : after;
}

function shareList(before: unknown[], after: unknown[]): unknown[] {
  let same = before.length === after.length;
  // Lists with ids (melds, plays, steps) keep their order, so one cursor finds each item.
  let cursor = 0;
  for (let i = 0; i < after.length; i++) {
    const item = after[i];
    const id = idOf(item);
    let was = before[i];
    if (id !== undefined && idOf(was) !== id) {
      was = undefined;
      for (let j = cursor; j < before.length; j++)
        if (idOf(before[j]) === id) {
          was = before[j];
          cursor = j + 1;
          break;
        }
    }
    const part = share(was, item);
    if (part !== before[i]) same = false;
    after[i] = part;
  }
  return same ? before : after;
}

function idOf(item: unknown): unknown {
  return typeof item === "object" && item !== null ? (item as { id?: unknown }).id : undefined;
}

export function emit(draft: Draft, body: EventBody): void {
  draft.events.push({ ...body, id: draft.state.nextEventId++, at: draft.state.now });
}
