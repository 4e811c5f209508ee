// §5.5 "the question is not who came first or later": a check that the chain
// undo's outcome does not depend on the order in which plays were opened.
// Reusable by property tests and the fuzz command: give it any hand state.

import type { Command } from "@/engine/commands";
import { apply } from "@/engine/engine";
import type { EngineEvent } from "@/engine/engine-events";
import type { HandState, PlayId } from "@/engine/state";

/**
 * The same hand with its plays opened in another order: `order` lists the
 * plays (by their position in opening order) as they now open. The k-th play
 * to open takes the k-th opening's id and instant; the log of table steps and
 * everything else stay as they are.
 */
export function reopened(
  state: HandState,
  order: readonly number[],
): {
  state: HandState;
  /** New play id → the original one. */
  original: Map<PlayId, PlayId>;
} {
  const byOpening = [...state.plays].sort((a, b) => a.start - b.start || a.id - b.id);
  const renamed = new Map<PlayId, PlayId>();
  const start = new Map<PlayId, number>();
  order.forEach((from, k) => {
    renamed.set(byOpening[from]!.id, byOpening[k]!.id);
    start.set(byOpening[from]!.id, byOpening[k]!.start);
  });
  const copy = relabel(state, renamed);
  for (const play of copy.plays) {
    const was = state.plays.find((p) => renamed.get(p.id) === play.id)!;
    play.start = start.get(was.id)!;
  }
  const original = new Map([...renamed].map(([from, to]) => [to, from]));
  return { state: copy, original };
}

/** A copy of the state with play ids renamed (ids not in the map stay), plays in id order. */
function relabel(state: HandState, renamed: ReadonlyMap<PlayId, PlayId>): HandState {
  const id = (play: PlayId) => renamed.get(play) ?? play;
  const copy = structuredClone(state);
  copy.plays = copy.plays.map((p) => ({ ...p, id: id(p.id) })).sort((a, b) => a.id - b.id);
  copy.log = copy.log.map((s) => ({ ...s, play: id(s.play) }));
  for (const player of copy.players) if (player.play !== null) player.play = id(player.play);
  copy.contests = copy.contests.map((c) => ({ ...c, plays: c.plays.map(id) }));
  copy.reserved = copy.reserved.map((r) => ({ ...r, play: id(r.play), others: r.others.map(id) }));
  return copy;
}

function relabelEvents(
  events: readonly EngineEvent[],
  renamed: ReadonlyMap<PlayId, PlayId>,
): EngineEvent[] {
  const id = (play: PlayId) => renamed.get(play) ?? play;
  return events.map((e) => {
    if (e.type === "undone")
      return { ...e, play: id(e.play), cause: { ...e.cause, play: id(e.cause.play) } };
    if (e.type === "freezeEnded") return { ...e, resumed: e.resumed.map(id) };
    return "play" in e ? { ...e, play: id(e.play) } : e;
  });
}

/** Every order worth trying for n plays: the reverse, and each rotation. */
export function openingOrders(n: number): number[][] {
  const identity = Array.from({ length: n }, (_, i) => i);
  const rotations = identity.slice(1).map((r) => identity.map((i) => (i + r) % n));
  return n < 2 ? [] : [[...identity].reverse(), ...rotations];
}

/**
 * Ends every open play in turn (Cancel, then End) on the state as it is and on
 * the same state with its plays opened in each of `orders`, and compares the
 * outcomes (state and events, play ids mapped back). Returns the first
 * difference in words, or null when the order of opening changed nothing.
 */
export function openingOrderDifference(
  state: HandState,
  orders: readonly (readonly number[])[] = openingOrders(state.plays.length),
): string | null {
  const commands: [number, Command][] = state.players.flatMap((p, seat) =>
    p.play === null
      ? []
      : ([
          [seat, { do: "cancel" }],
          [seat, { do: "end" }],
        ] as [number, Command][]),
  );
  for (const order of orders) {
    const { state: other, original } = reopened(state, order);
    for (const [seat, command] of commands) {
      const expected = outcome(apply(state, seat, command, state.now), new Map(), state);
      const got = outcome(apply(other, seat, command, state.now), original, state);
      if (got !== expected)
        return (
          `seat ${seat} ${command.do} with plays opened in order [${order.join(",")}]:\n` +
          `  as opened: ${expected}\n  reopened:  ${got}`
        );
    }
  }
  return null;
}

/** The result as text with play ids and opening instants as in `reference`. */
function outcome(
  result: ReturnType<typeof apply>,
  original: ReadonlyMap<PlayId, PlayId>,
  reference: HandState,
): string {
  if (!result.ok) return `rejected: ${result.rejection.code}`;
  const state = relabel(result.state, original);
  for (const play of state.plays)
    play.start = reference.plays.find((p) => p.id === play.id)?.start ?? play.start;
  return JSON.stringify({ state, events: relabelEvents(result.events, original) });
}
