import type { MatchEvent, MatchRules, MatchState, MatchView, Millis } from "./engine";
import { markPlainJson } from "./plain-json";
import type { Feed } from "./stream";
import type { MatchInfo, StreamMessage } from "@/protocol/stream";
import { diff, type DiffMemo } from "@/protocol/view-patch";

/** A message with its id: the last event id it covers, from which a subscriber resumes. */
export type Delivery = { id: string; message: StreamMessage };

/** `base`: the view the subscriber holds, the last one sent to it, from which its next patch is made. */
type Listener = {
  seat: number | null;
  push: (delivery: Delivery) => void;
  /** Ends the subscriber's stream: the match is no longer played here. */
  end: () => void;
  base: MatchView | null;
};

/**
 * Events kept in memory (at least; at most twice as many) for subscribers resuming after a
 * short gap: 128 are the 90 s a seat may reconnect within (§11) at bench:live's bots' pace of
 * ~1.5 events a second, and minutes at players' pace. Beyond that a snapshot is as good, and
 * each kept event costs ~115 bytes (heap snapshot): up to 512 per match would be ~60 MB of
 * a 1,000-match server's heap, where the rest of a match is ~8 KB.
 */
export const RECENT_EVENTS = 128;

/** The match as its actor holds it at this instant: what the audience's messages are made of. */
export type Stage = {
  state: () => MatchState | null;
  /** The match's public info, a copy the message may keep. */
  info: () => MatchInfo;
  now: () => Millis;
};

/** A seat's own view, or the spectators' (`seat` null); none before the hand is dealt. */
export function viewOf(
  rules: MatchRules,
  state: MatchState | null,
  seat: number | null,
): MatchView | null {
  return state ? (seat === null ? rules.publicView(state) : rules.seatView(state, seat)) : null;
}

/**
 * Everyone following one match (its seats and its spectators): each gets what it missed, then
 * every change as its own view patched, and a seat is present while it has a subscription.
 * The actor tells it what changed, from its queue; nothing here changes the match.
 */
export class Audience {
  /** The public view last sent: the next one shares its unchanged parts. */
  private shared: MatchView | null = null;
  private recent: MatchEvent[] = [];
  private readonly listeners = new Set<Listener>();
  /** Live seat subscriptions per seat: a seat is present while it has one. */
  private readonly connections: number[];

  constructor(
    private readonly rules: MatchRules,
    private readonly stage: Stage,
    /** A seat came or went: its first subscription opened or its last one closed. */
    private readonly onPresence: () => void,
  ) {
    this.connections = Array<number>(rules.seats).fill(0);
  }

  /** The seat has a live subscription. */
  present(seat: number): boolean {
    return this.connections[seat]! > 0;
  }

  /**
   * Registers a subscriber (a seat, or a spectator when `seat` is null). It first gets what it
   * missed since `lastEventId` (the events still in memory, else a snapshot), then every
   * change as it happens. A seat's subscriptions make it present.
   */
  follow(
    seat: number | null,
    lastEventId: number | null,
    push: (delivery: Delivery) => void,
    end: () => void = () => undefined,
  ): Feed<Delivery> {
    const listener: Listener = { seat, push, end, base: null };
    const catchUp = this.catchUp(listener, lastEventId);
    this.listeners.add(listener);
    if (seat !== null) this.connect(seat, +1);
    return {
      catchUp,
      overflow: () => [this.snapshot(listener)],
      stop: () => {
        if (this.listeners.delete(listener) && seat !== null) this.connect(seat, -1);
      },
    };
  }

  /**
   * The match left this node (another owns it now, or this one stops): every subscriber's
   * stream ends, and each resumes from its last event id wherever the match is played next.
   */
  close() {
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener.end();
  }

  private connect(seat: number, delta: number) {
    const before = this.connections[seat]!;
    this.connections[seat] = before + delta;
    if (before + delta > 0 !== before > 0) this.onPresence();
  }

  /** Keeps the events for subscribers that resume. */
  remember(events: MatchEvent[]) {
    if (events.length === 0) return;
    this.recent.push(...events);
    // Trimmed once it holds twice as many, not on every change: the copy showed under load.
    if (this.recent.length > 2 * RECENT_EVENTS) this.recent = this.recent.slice(-RECENT_EVENTS);
  }

  /** Everyone gets their whole view again (a hand was dealt). */
  resync() {
    for (const listener of this.listeners) listener.push(this.snapshot(listener));
  }

  private lastId(): string {
    const state = this.stage.state();
    return String(state ? this.rules.lastEventIdOf(state) : 0);
  }

  /** The listener's whole view now, from which its next patch is made. */
  private snapshot(listener: Listener): Delivery {
    const view = viewOf(this.rules, this.stage.state(), listener.seat);
    listener.base = view;
    return {
      id: this.lastId(),
      message: { type: "snapshot", match: this.stage.info(), view, now: this.stage.now() },
    };
  }

  /**
   * What a resuming listener missed: the events still in memory with its whole view (the view
   * its client holds is not kept here, so no patch can start from it), else a snapshot.
   */
  private catchUp(listener: Listener, lastEventId: number | null): Delivery[] {
    const state = this.stage.state();
    if (lastEventId === null || !state || this.stage.info().status !== "PLAYING")
      return [this.snapshot(listener)];
    const last = this.rules.lastEventIdOf(state);
    const oldest = this.recent[0]?.id ?? last + 1;
    if (lastEventId > last || (lastEventId < last && oldest > lastEventId + 1))
      return [this.snapshot(listener)];
    const missed = this.recent.filter((event) => event.id > lastEventId);
    const view = viewOf(this.rules, state, listener.seat);
    listener.base = view;
    const events = this.rules.projectEvents(missed, listener.seat);
    return [
      {
        id: String(last),
        message: markPlainJson({ type: "events", events, view, now: this.stage.now() }),
      },
    ];
  }

  /**
   * One message per audience (each seat, the spectators) and view it patches: the events as
   * the audience may see them and the patch from that view to the audience's view now. The
   * listeners of one audience usually hold the same view, so they share the message.
   */
  publishEvents(events: MatchEvent[]) {
    if (events.length === 0) return;
    const id = this.lastId();
    const now = this.stage.now();
    const state = this.stage.state();
    const views = state && this.rules.audienceViews(state, this.shared);
    const memo: DiffMemo = new Map();
    const audiences = new Map<
      number | null,
      { events: MatchEvent[]; view: MatchView | null; sent: Map<MatchView | null, Delivery> }
    >();
    for (const listener of this.listeners) {
      const { seat } = listener;
      let audience = audiences.get(seat);
      if (!audience) {
        const view = views && views(seat);
        audience = { events: this.rules.projectEvents(events, seat), view, sent: new Map() };
        audiences.set(seat, audience);
      }
      let delivery = audience.sent.get(listener.base);
      if (!delivery) {
        const patch = diff(listener.base, audience.view, memo);
        delivery = {
          id,
          message: markPlainJson({ type: "events", events: audience.events, patch, now }),
        };
        audience.sent.set(listener.base, delivery);
      }
      listener.base = audience.view;
      listener.push(delivery);
    }
    if (views && audiences.size > 0) this.shared = views(null);
  }

  /** The match's info changed (a seat, its status): everyone hears it. */
  publishMatch() {
    const delivery: Delivery = {
      id: this.lastId(),
      message: { type: "match", match: this.stage.info() },
    };
    for (const listener of this.listeners) listener.push(delivery);
  }
}
