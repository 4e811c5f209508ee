// The hidden-information inspection: reads every raw WebSocket frame a client received and
// reports each card it could not have known at that moment. A seat knows the removed cards,
// every card some public event has shown (staged, laid, added…) since that event, and the
// cards it drew itself since drawing them; never another seat's hand nor any stock. Both the
// patches as sent and the whole views the client builds from them are inspected.

import { apply, type Json, type Patch } from "@/protocol/view-patch";

/** Fields whose numbers are cards; everything else (ids, seats, counts, times) is not. */
const CARD_FIELDS = new Set(["card", "cards", "hand", "staging", "removed", "returned", "pile"]);
/** Fields of the engine's full state that must never leave the server. */
const STATE_FIELDS = new Set(["stock", "stocks", "players", "unused", "base", "log"]);

type Tracked = { id: number; data: Json };

/**
 * The tracked messages among a client's frames (tRPC's result, superjson's `json` part), each
 * patch message also with the whole view the client holds once it is applied, as `view`.
 */
function trackedMessages(frames: string[]): Tracked[] {
  const messages: Tracked[] = [];
  let view: Json = null;
  for (const frame of frames) {
    // The keep-alive's PING/PONG are the only frames that are not JSON (a slow run sees them).
    if (frame === "PING" || frame === "PONG") continue;
    const parsed = JSON.parse(frame) as {
      result?: { type?: string; id?: string; data?: { json?: { data?: Json } } };
    };
    const result = parsed.result;
    if (result?.type !== "data" || result.id === undefined) continue;
    const data = result.data?.json?.data ?? null;
    if (data && typeof data === "object" && !Array.isArray(data)) {
      if ("view" in data) view = data.view!;
      else if ("patch" in data) {
        view = apply(view, data.patch as Patch | null);
        messages.push({ id: Number(result.id), data: { ...data, view } });
        continue;
      }
    }
    messages.push({ id: Number(result.id), data });
  }
  return messages;
}

function walk(
  value: Json,
  visit: (key: string, value: Json, parent: Record<string, Json>) => void,
) {
  if (Array.isArray(value)) for (const item of value) walk(item, visit);
  else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) {
      visit(key, child, value);
      walk(child, visit);
    }
}

/** The cards a field holds: as such, in objects' `card`, or as a patch's new value (`s`). */
function cardsIn(value: Json, found: number[] = []): number[] {
  if (typeof value === "number") found.push(value);
  else if (Array.isArray(value)) for (const item of value) cardsIn(item, found);
  else if (value && typeof value === "object" && "card" in value) cardsIn(value.card!, found);
  else if (value && typeof value === "object" && "s" in value) cardsIn(value.s!, found);
  return found;
}

type EventLike = { id: number; type: string; seat?: number; card?: number | null } & Record<
  string,
  Json
>;

function eventsOf(data: Json): EventLike[] {
  if (data && typeof data === "object" && !Array.isArray(data) && data.type === "events")
    return data.events as unknown as EventLike[];
  return [];
}

/**
 * `frames[i]` holds what seat i's client received; `spectator` what a spectator received.
 * Returns one line per leak (empty when nothing leaked).
 */
export function hiddenCardLeaks(frames: string[][], spectator: string[] = []): string[] {
  const audiences = [
    ...frames.map((f, seat) => ({ seat, frames: f })),
    { seat: null, frames: spectator },
  ];
  const messages = audiences.map(({ seat, frames: f }) => ({ seat, tracked: trackedMessages(f) }));
  // When each card became public: the first event showing it to everyone (removed cards: always).
  const publicSince = new Map<number, number>();
  const own = frames.map(() => new Map<number, number>());
  const shown = (card: number, id: number, into: Map<number, number>) =>
    into.set(card, Math.min(id, into.get(card) ?? Infinity));
  for (const { seat, tracked } of messages) {
    for (const { data } of tracked) {
      walk(data, (key, value) => {
        if (key === "removed") for (const card of cardsIn(value)) shown(card, 0, publicSince);
      });
      for (const event of eventsOf(data)) {
        if (event.type === "drew") {
          if (seat !== null && event.seat === seat && typeof event.card === "number")
            shown(event.card, event.id, own[seat]!);
          continue;
        }
        walk(event, (key, value) => {
          if (CARD_FIELDS.has(key))
            for (const card of cardsIn(value)) shown(card, event.id, publicSince);
        });
      }
    }
  }

  const leaks: string[] = [];
  for (const { seat, tracked } of messages) {
    const who = seat === null ? "the spectator" : `seat ${seat}`;
    const knows = (card: number, at: number) =>
      (publicSince.get(card) ?? Infinity) <= at ||
      (seat !== null && (own[seat]!.get(card) ?? Infinity) <= at);
    for (const { id, data } of tracked) {
      walk(data, (key, value, parent) => {
        if (STATE_FIELDS.has(key))
          leaks.push(`${who} received the state field "${key}" (message ${id})`);
        // A patch of `you` ({ o }) is checked in the whole view it makes.
        const you = (value && typeof value === "object" && "s" in value ? value.s : value) as {
          seat?: number;
          o?: unknown;
        } | null;
        if (key === "you" && you !== null && you.o === undefined && you.seat !== seat)
          leaks.push(`${who} received another seat's private view (message ${id})`);
        if (key === "card" && parent.type === "drew" && parent.seat !== seat && value !== null)
          leaks.push(
            `${who} saw seat ${String(parent.seat)} draw card ${String(value)} (message ${id})`,
          );
        if (!CARD_FIELDS.has(key)) return;
        for (const card of cardsIn(value))
          if (!knows(card, id))
            leaks.push(`${who} received hidden card ${card} in "${key}" (message ${id})`);
      });
    }
  }
  return leaks;
}
