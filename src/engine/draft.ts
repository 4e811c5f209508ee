// A command works on a private copy of the state (copy-on-apply), so the
// caller's state is never mutated and a rejection leaves it untouched.

import type { EngineEvent, EventBody } from "./engine-events";
import { type MeldRules, meldRulesFor } from "./melds";
import type { HandState } from "./state";

export interface Draft {
  state: HandState;
  rules: MeldRules;
  events: EngineEvent[];
}

export function draftOf(state: HandState): Draft {
  return { state: copyPlain(state), rules: meldRulesFor(state.rules), events: [] };
}

/** Deep copy of plain JSON data: several times faster than structuredClone for the state. */
export function copyPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}

export function emit(draft: Draft, body: EventBody): void {
  draft.events.push({ ...body, id: draft.state.nextEventId++, at: draft.state.now });
}
