import { randomInt } from "node:crypto";
import type { Logger } from "pino";
import { backoff } from "../retry";
import type { ClassicEvent, ClassicRejection } from "@/engine/classic";
import { ClassicSeats, STAND_IN_LEVEL } from "./classic-seats";
import {
  isClassicState,
  rulesFor,
  type GameEvent,
  type GameState,
  type MatchCommand,
  type MatchEvent,
  type MatchOutcome,
  type MatchRules,
  type MatchState,
  type MatchView,
  type Millis,
} from "./engine";
import { MatchError, NotOwner, refusal, restarting, StaleAppend } from "./errors";
import type { LogEntry } from "./event-log";
import type { Ending, MatchStore, SeatRow } from "./match-store";
import type { Alarm, MatchClock } from "./match-clock";
import type { Feed } from "./stream";
import type { MatchInfo, MatchStatus, SeatHolder } from "@/protocol/stream";
import { Audience, viewOf, type Delivery } from "./audience";

/**
 * The holder id of a seat a server-side bot plays (src/server/bots): no session ever has it,
 * so only the bot acting through the registry can act for that seat.
 */
export function botHolderId(matchId: string, seat: number): string {
  return `bot:${matchId}:${seat}`;
}

/** Who holds a bot's seat, and at which level, as everyone sees it. */
export function botHolder(matchId: string, seat: number, level: string): SeatHolder {
  return { userId: botHolderId(matchId, seat), name: `Bot ${seat}`, bot: level };
}

/** What a match's actor is given of its own: where it is kept, and its time. */
export type MatchParts = { store: MatchStore; clock: MatchClock };

/** What every match of a server shares. */
export type MatchDeps = {
  logger: Logger;
  /** The log refused an append: another node owns the match now; this actor has stopped. */
  onLost: (match: LiveMatch) => void;
  /** The match's end is stored. */
  onEnded: (match: LiveMatch) => void;
  /** Every hand dealt from this seed (DEAL_SEED: test servers only), else a random one. */
  dealSeed?: number;
  /** The classic stand-in bots' pace: 1 is a human's (BOT_REACTION_SCALE: test servers faster). */
  botPace?: number;
};

/** A timer firing that could not be logged (database down) is retried after this long. */
const RETRY_MS = 1000;
/** A classic bot's pace: one step (a card put, moved, the turn ended) this often, so players watch it. */
export const CLASSIC_BOT_STEP_MS = 800;
/**
 * Relayed requests remembered per match: a request is sent again within seconds of the first
 * (relay.ts, MOVE_WAIT_MS), while a match takes a few actions a second at most.
 */
const RECENT_REFS = 256;

type Outcome = MatchOutcome;

/**
 * The actor of one match: it alone holds the game state, and every change (a player's
 * command, a timer firing, a presence change, a seat taken) runs through its one queue, so
 * no two ever interleave. A change is logged in the database before anyone hears of it.
 */
export class LiveMatch {
  private state: MatchState | null = null;
  /** The last log entry's sequence number. */
  private seq = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: Alarm | null = null;
  private stopping = false;
  /** Another node owns the match now (it stopped here for that, not for a restart). */
  private gone = false;
  /** Finished hands whose scores are stored (none counted after a replay: the writes are idempotent). */
  private storedHands = 0;
  /** The game's end, from the moment the log holds it until it is stored. */
  private ending: Ending | null = null;
  /** Result writes failed in a row, and the retry they wait for. */
  private storeFailures = 0;
  private storeTimer: Alarm | null = null;
  /** Presence syncs failed in a row, and the retry they wait for. */
  private presenceFailures = 0;
  private presenceTimer: Alarm | null = null;
  /** Where the match's log and rows are kept. */
  private readonly store: MatchStore;
  private readonly clock: MatchClock;
  /** Everyone following the match: its seats (present while they follow) and its spectators. */
  private readonly audience: Audience;
  /** Classic: who plays each seat (its player or a bot), and the bots' next step. */
  private readonly classic: ClassicSeats | null;
  private botTimer: Alarm | null = null;
  /** The last relayed requests played here, by ref, with the event id each answered. */
  private readonly refs = new Map<string, number>();

  private constructor(
    private readonly deps: MatchDeps,
    { store, clock }: MatchParts,
    private info: MatchInfo,
    /** The game the match plays: Machiavelox or classic, with its seats and options. */
    readonly rules: MatchRules,
  ) {
    this.store = store;
    this.clock = clock;
    this.audience = new Audience(
      rules,
      { state: () => this.state, info: () => this.publicInfo, now: () => this.now() },
      () => this.syncPresence(),
    );
    this.classic =
      rules.spec.rules === "classic"
        ? new ClassicSeats(
            rules.seats,
            (seat) => this.info.seats[seat]?.bot ?? null,
            info.kind === "COMPETITIVE",
          )
        : null;
  }

  static create(deps: MatchDeps, parts: MatchParts, info: MatchInfo, rules: MatchRules): LiveMatch {
    return new LiveMatch(deps, parts, info, rules);
  }

  /**
   * Rebuilds a match by replaying its log through the engine. The clock resumes where the
   * log stops: the time the server was down does not count.
   */
  static replay(
    deps: MatchDeps,
    parts: MatchParts,
    info: MatchInfo,
    rules: MatchRules,
    seed: number | null,
    entries: LogEntry[],
  ): LiveMatch {
    const match = new LiveMatch(deps, parts, info, rules);
    if (info.status === "WAITING" || seed === null) return match;
    let state = rules.start(seed);
    for (const entry of entries) {
      const next = replayMatchEntry(rules, state, entry);
      match.classic?.record(entry.seat, entry.command, next.events as ClassicEvent[]);
      state = next.state;
      match.audience.remember(next.events);
      match.seq = entry.seq;
      if (entry.ref) match.played(entry.ref, rules.lastEventIdOf(state));
    }
    match.state = state;
    for (let seat = 0; seat < rules.seats; seat++)
      if (match.classic?.hasLeft(seat)) match.showBot(seat);
    match.clock.set(entries.at(-1)?.virtualMs ?? 0);
    return match;
  }

  get id(): string {
    return this.info.id;
  }

  get status(): MatchStatus {
    return this.info.status;
  }

  get publicInfo(): MatchInfo {
    return { ...this.info, seats: [...this.info.seats] };
  }

  seatOf(userId: string): number | null {
    const seat = this.info.seats.findIndex((holder) => holder?.userId === userId);
    return seat < 0 ? null : seat;
  }

  /** Takes the first free seat for the player (or answers the one they hold already). */
  join(holder: SeatHolder): Promise<number> {
    return this.run(async () => {
      const held = this.seatOf(holder.userId);
      if (held !== null) return held;
      return this.takeSeat(() => ({ holder, row: { userId: holder.userId } }));
    });
  }

  /** Seats a bot of `level` at the first free seat (a friendly game's creator asked for one). */
  joinBot(level: string): Promise<number> {
    // Ranked hands are between people only (§13).
    if (this.info.kind === "COMPETITIVE")
      return Promise.reject(new MatchError("FORBIDDEN", "Bots never play ranked games."));
    return this.run(() =>
      this.takeSeat((seat) => ({ holder: botHolder(this.id, seat, level), row: { bot: level } })),
    );
  }

  /** The first free seat, stored before it is taken; the third one starts the hand. */
  private async takeSeat(
    claim: (seat: number) => { holder: SeatHolder; row: SeatRow },
  ): Promise<number> {
    if (this.stopping) throw this.stopped();
    if (this.info.status !== "WAITING")
      throw new MatchError("CONFLICT", "This table is full: watch the match instead.");
    const seat = this.info.seats.findIndex((taken) => taken === null);
    const { holder, row } = claim(seat);
    await this.store.takeSeat(seat, row);
    this.info.seats[seat] = holder;
    if (this.info.seats.every((taken) => taken !== null)) await this.startHand();
    else this.audience.publishMatch();
    return seat;
  }

  /** Starts the hand of a table whose seats were all filled at its creation (bots). */
  begin(): Promise<void> {
    return this.run(async () => {
      if (this.info.status === "WAITING" && this.info.seats.every((taken) => taken !== null))
        await this.startHand();
    });
  }

  /**
   * Runs one player's command; resolves with the id of the last event it produced. `ref`: the
   * relayed request's id; sent again (its answer was lost with a node), it is answered as the
   * first time rather than played twice.
   */
  act(userId: string, seat: number, command: MatchCommand, ref?: string): Promise<number> {
    this.authorize(userId, seat);
    return this.run(async () => {
      const answered = ref === undefined ? undefined : this.refs.get(ref);
      if (answered !== undefined) return answered;
      if (this.stopping) throw this.stopped();
      if (this.info.status === "WAITING" || !this.state)
        throw new MatchError("CONFLICT", "The hand has not started: the table waits for players.");
      if (this.info.status === "ENDED") throw new MatchError("CONFLICT", "This match has ended.");
      if (command.do === "leave" && this.classic) return this.leaveClassic(seat);
      const now = this.now();
      const result = this.rules.apply(this.state, seat, command, now);
      if (!result.ok) throw refusal(result.rejection);
      await this.commit(result.state, result.events, seat, command, now, ref);
      const eventId = this.rules.lastEventIdOf(this.state);
      if (ref !== undefined) this.played(ref, eventId);
      // Acting shows the seat up (§11); without a live subscription it is still away.
      if (!this.audience.present(seat)) await this.sendPresence(seat, false);
      return eventId;
    });
  }

  /** The seat's own view and the match's clock now, for its player alone (the Hint). */
  seatNow(userId: string, seat: number): { view: MatchView | null; now: Millis } {
    this.authorize(userId, seat);
    return { view: viewOf(this.rules, this.state, seat), now: this.now() };
  }

  /** Only the player who holds a seat may act for it. */
  authorize(userId: string, seat: number): void {
    // The router lets through any seat of the largest table (classic's 8): this table may be smaller.
    if (seat >= this.rules.seats)
      throw new MatchError("BAD_REQUEST", `This table has seats 0 to ${this.rules.seats - 1}.`);
    const holder = this.info.seats[seat];
    if (holder?.userId === userId) return;
    throw new MatchError(
      "FORBIDDEN",
      this.seatOf(userId) === null
        ? "You have no seat at this table."
        : `Seat ${seat} is not yours: you sit at seat ${this.seatOf(userId)}.`,
    );
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
    end?: () => void,
  ): Feed<Delivery> {
    return this.audience.follow(seat, lastEventId, push, end);
  }

  /**
   * After a restart every seat counts as just gone; its 90 s of absence start now. A game
   * that ended just before a crash, its results not stored yet, is closed now.
   */
  async resume(): Promise<void> {
    await this.run(async () => {
      if (this.state && this.info.status === "PLAYING") {
        const outcome = this.rules.outcomeOf(this.state);
        if (outcome) this.over(outcome);
        await this.storeResults();
        if (outcome) return;
      }
      for (let seat = 0; seat < this.rules.seats; seat++) {
        if (!this.audience.present(seat)) await this.sendPresence(seat, false);
      }
      this.arm();
      this.armBot();
    });
  }

  /** Stops taking changes, and resolves once the queue has run dry. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.disarm();
    this.disarmBot();
    // Results not stored yet are stored by the next start's replay (resume).
    this.storeTimer?.cancel();
    this.storeTimer = null;
    // Presence is derived again from the subscriptions at the next start (resume).
    this.presenceTimer?.cancel();
    this.presenceTimer = null;
    await this.queue;
    this.disarm();
  }

  /** The match is no longer played here: its subscribers' streams end, to resume where it is. */
  dismiss(): void {
    this.audience.close();
  }

  /** Another node owns the match now: nothing more is done here, and the registry forgets it. */
  private lost() {
    this.stopping = true;
    this.gone = true;
    this.disarm();
    this.disarmBot();
    this.storeTimer?.cancel();
    this.presenceTimer?.cancel();
    this.deps.logger.warn({ matchId: this.id }, "append refused: the match has another owner");
    this.deps.onLost(this);
  }

  /** Remembers a relayed request's answer, the last RECENT_REFS of them. */
  private played(ref: string, eventId: number) {
    this.refs.set(ref, eventId);
    if (this.refs.size > RECENT_REFS) this.refs.delete(this.refs.keys().next().value!);
  }

  /** Why work queued here is refused: the match moved (its asker takes it there), or this node stops. */
  private stopped(): MatchError {
    return this.gone ? new NotOwner() : restarting();
  }

  /** Serializes `task` after every change queued before it. */
  private run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private now(): Millis {
    return Math.max(this.state ? this.state.now : 0, this.clock.now());
  }

  private async startHand() {
    const seed = this.deps.dealSeed ?? randomInt(2 ** 31);
    const startedAt = new Date();
    await this.store.startHand(seed, startedAt);
    this.state = this.rules.start(seed);
    this.clock.set(0);
    this.info = { ...this.info, status: "PLAYING", startedAt };
    this.deps.logger.info({ matchId: this.id }, "hand started");
    this.audience.resync();
    // A seat with no live subscription is as good as gone from the first instant.
    for (let seat = 0; seat < this.rules.seats; seat++) {
      if (!this.audience.present(seat)) await this.sendPresence(seat, false);
    }
    this.arm();
    this.armBot();
  }

  /** Logs the change, then makes it the match's state and tells the subscribers. */
  private async commit(
    next: MatchState,
    events: MatchEvent[],
    seat: number | null,
    command: LogEntry["command"],
    at: Millis,
    ref?: string,
  ) {
    const entry: LogEntry = {
      matchId: this.id,
      seq: this.seq + 1,
      virtualMs: at,
      wallTime: new Date(),
      seat,
      command,
      ref: ref ?? null,
    };
    await this.store.append(entry).catch((error: unknown) => {
      if (!(error instanceof StaleAppend)) throw error;
      this.lost();
      throw new NotOwner();
    });
    this.seq = entry.seq;
    this.classic?.record(seat, command, events as ClassicEvent[]);
    this.state = next;
    this.audience.remember(events);
    this.audience.publishEvents(events);
    const outcome = this.rules.outcomeOf(next);
    if (outcome) this.over(outcome);
    else {
      this.arm();
      this.armBot();
    }
    if (outcome || this.rules.finishedHands(next).length > this.storedHands)
      await this.storeResults();
  }

  /** The log says the game is over: it is over for everyone now, stored or not yet. */
  private over(result: Outcome) {
    this.ending = { endedAt: new Date(), result };
    this.closed(this.ending.endedAt, result);
  }

  /**
   * Stores what the log holds already: the finished hands' scores and the game's end. The change
   * was accepted once logged, so a failed write never reaches whoever made it: it is retried in
   * the match's queue with backoff while the process lives, and after a crash by the replay
   * (resume). Each write is idempotent, so one that committed unseen is harmless to repeat.
   */
  private async storeResults(): Promise<void> {
    const hands = this.state ? this.rules.finishedHands(this.state) : [];
    try {
      await this.store.recordHands(hands.slice(this.storedHands));
      this.storedHands = hands.length;
      if (this.ending) {
        await this.store.end(this.ending);
        this.ending = null;
        this.deps.onEnded(this);
      }
      this.storeFailures = 0;
    } catch (error) {
      const fields = { matchId: this.id, err: error };
      if (this.stopping)
        return this.deps.logger.error(fields, "results not stored: the next start stores them");
      if (this.storeTimer) return;
      const wait = backoff(
        this.deps.logger,
        ++this.storeFailures,
        fields,
        "results not stored: retrying",
      );
      this.storeTimer = this.clock.afterWall(wait, () => {
        this.storeTimer = null;
        void this.run(() => this.storeResults());
      });
    }
  }

  /** A moderator ends the match where it stands: no result, the reason recorded. */
  terminate(reason: string): Promise<void> {
    return this.run(async () => {
      if (this.info.status === "ENDED")
        throw new MatchError("CONFLICT", "This match has already ended.");
      const endedAt = new Date();
      await this.store.terminate(endedAt, reason);
      this.closed(endedAt, null);
      this.deps.onEnded(this);
    });
  }

  /**
   * Removes the table if it is still waiting (nobody started it: no hand, nothing to keep in
   * anyone's history); its subscribers hear it ended. Says whether it did.
   */
  expire(): Promise<boolean> {
    return this.run(async () => {
      if (this.info.status !== "WAITING" || this.stopping) return false;
      await this.store.remove();
      this.closed(new Date(), null);
      this.deps.onEnded(this);
      return true;
    });
  }

  /** The match is over for its subscribers; `onEnded` hears of it once that is stored. */
  private closed(endedAt: Date, result: unknown) {
    this.info = { ...this.info, status: "ENDED", endedAt, result };
    this.disarm();
    this.disarmBot();
    this.deps.logger.info({ matchId: this.id, result }, "match ended");
    this.audience.publishMatch();
  }

  /** Tells the engine a seat came or went, unless it knows already. */
  private async sendPresence(seat: number, present: boolean) {
    if (!this.state || this.info.status !== "PLAYING" || this.stopping) return;
    const command = this.rules.presenceCommand(this.state, seat, present);
    if (!command) return;
    const now = this.now();
    const result = this.rules.apply(this.state, seat, command, now);
    if (!result.ok) return;
    await this.commit(result.state, result.events, seat, command, now);
    this.deps.logger.info({ matchId: this.id, seat, command: command.do }, "presence");
  }

  /**
   * Tells the engine of every seat that came or went since it last heard: a seat is present
   * while it has a live subscription. A change that could not be logged (database down) is
   * tried again with backoff until it is, from the subscriptions as they are by then.
   */
  private syncPresence() {
    this.run(async () => {
      for (let seat = 0; seat < this.rules.seats; seat++)
        await this.sendPresence(seat, this.audience.present(seat));
      // A classic player away on a bot's watch, or back from it.
      this.armBot();
    }).then(
      () => {
        this.presenceFailures = 0;
      },
      (error: unknown) => {
        if (this.stopping || this.presenceTimer) return;
        const wait = backoff(
          this.deps.logger,
          ++this.presenceFailures,
          { matchId: this.id, err: error },
          "presence change not logged: retrying",
        );
        this.presenceTimer = this.clock.afterWall(wait, () => {
          this.presenceTimer = null;
          this.syncPresence();
        });
      },
    );
  }

  /** Sets the wake-up for the engine's next timer; `retryMs` of real time instead, after a firing that failed. */
  private arm(retryMs?: number) {
    this.disarm();
    if (!this.state || this.stopping || this.info.status !== "PLAYING") return;
    const due = this.rules.wakeUpAt(this.state);
    if (due === null) return;
    const wake = () => {
      this.timer = null;
      this.run(() => this.fire()).catch((error: unknown) => {
        this.deps.logger.error({ matchId: this.id, err: error }, "timer firing not logged");
        this.arm(RETRY_MS);
      });
    };
    this.timer =
      retryMs === undefined
        ? this.clock.after(Math.max(0, due - this.now()), wake)
        : this.clock.afterWall(retryMs, wake);
  }

  private disarm() {
    this.timer?.cancel();
    this.timer = null;
  }

  private disarmBot() {
    this.botTimer?.cancel();
    this.botTimer = null;
  }

  /** Classic: a player leaves; a bot plays their seat from now on (ranked games have none). */
  private async leaveClassic(seat: number): Promise<number> {
    if (this.info.kind === "COMPETITIVE")
      throw new MatchError("CONFLICT", "A ranked game is played to its end: no bot plays for you.");
    const now = this.now();
    await this.commit(this.state!, [], seat, { do: "leave" }, now);
    this.showBot(seat);
    this.audience.publishMatch();
    return this.rules.lastEventIdOf(this.state!);
  }

  /** Everyone sees a bot playing the seat of a player who left. */
  private showBot(seat: number) {
    const holder = this.info.seats[seat];
    if (holder && !holder.bot) {
      const seats = [...this.info.seats];
      seats[seat] = { ...holder, bot: STAND_IN_LEVEL };
      this.info = { ...this.info, seats };
    }
  }

  /** Classic: a bot's next step after its pace, when one has something to do. */
  private armBot() {
    const { state, classic } = this;
    if (!classic || !state || !isClassicState(state) || this.botTimer) return;
    if (this.stopping || this.info.status !== "PLAYING") return;
    if (!classic.wants(state, (seat) => this.audience.present(seat))) return;
    const pace = this.deps.botPace ?? 1;
    this.botTimer = this.clock.after(CLASSIC_BOT_STEP_MS * pace, () => {
      this.botTimer = null;
      this.run(() => this.botStep()).catch((error: unknown) => {
        this.deps.logger.error({ matchId: this.id, err: error }, "bot step not logged");
        this.armBot();
      });
    });
  }

  /** One bot step, from the seat's own view, logged as the bot's (`{ do: "bot", command }`). */
  private async botStep() {
    const { state, classic } = this;
    if (!classic || !state || !isClassicState(state)) return;
    if (this.stopping || this.info.status !== "PLAYING") return;
    const next = classic.next(state, (seat) => this.audience.present(seat));
    if (!next) return;
    const now = this.now();
    const result = this.rules.apply(state, next.seat, next.command, now);
    if (!result.ok) {
      classic.refuse(next.seat, result.rejection as ClassicRejection);
      return this.armBot();
    }
    await this.commit(
      result.state,
      result.events,
      next.seat,
      { do: "bot", command: next.command },
      now,
    );
  }

  /** A timer came due: fire the engine's timers up to now, logged as an `advance` entry. */
  private async fire() {
    if (!this.state || this.stopping || this.info.status !== "PLAYING") return;
    const now = this.now();
    const due = this.rules.wakeUpAt(this.state);
    if (due === null) return;
    if (due > now) return this.arm();
    const advanced = this.rules.advance(this.state, now);
    await this.commit(advanced.state, advanced.events, null, { do: "advance" }, now);
  }
}

/** One logged entry of a Machiavelox match applied again (a finished one's replay in games/). */
export function replayEntry(
  state: GameState,
  entry: LogEntry,
): { state: GameState; events: GameEvent[] } {
  return replayMatchEntry(rulesFor({ rules: "machiavelox", kind: state.kind }), state, entry) as {
    state: GameState;
    events: GameEvent[];
  };
}

/** One logged entry applied again: rebuilding a match here after a restart. */
export function replayMatchEntry(
  rules: MatchRules,
  state: MatchState,
  entry: LogEntry,
): { state: MatchState; events: MatchEvent[] } {
  if (entry.command.do === "advance") return rules.advance(state, entry.virtualMs);
  // A classic player left: the log says so, the game itself is unchanged (classic-seats.ts).
  if (entry.command.do === "leave" && rules.spec.rules === "classic") return { state, events: [] };
  const command = (
    entry.command.do === "bot" ? entry.command.command : entry.command
  ) as MatchCommand;
  const applied = rules.apply(state, entry.seat ?? -1, command, entry.virtualMs);
  if (!applied.ok) {
    const { matchId, seq } = entry;
    throw new Error(
      `match ${matchId}: log entry ${seq} no longer applies (${applied.rejection.reason})`,
    );
  }
  return applied;
}
