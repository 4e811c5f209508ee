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
  return { state: structuredClone(state), rules: meldRulesFor(state.rules), events: [] };
}

export function emit(draft: Draft, body: EventBody): void {
  draft.events.push({ ...body, id: draft.state.nextEventId++, at: draft.state.now });
}
