// How the nodes of a site reach a match wherever it is played (docs/live-server.md, Routing).
// A player may be connected to any node; each match is played by one node, its owner. Every
// request about a live match and every subscription to one goes through Redis pub/sub to the
// owner, on the owner's own channel, even from the owner itself: all seats of a match take the
// same path, so none is faster because of the node it reached (§6 lets arrival decide races).
// The owner answers on the asking node's channel, and pushes each stream's messages there in
// the order it made them (one Redis connection publishes them, one receives them).

import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { TRPCError } from "@trpc/server";
import type { MatchRejection } from "./engine";
import { MatchError, type MatchErrorKind, NotOwner } from "./errors";
import type { Delivery } from "./audience";
import type { Feed } from "./stream";
import { markPlainJson } from "./plain-json";
import { SiteRefusal } from "../refusals";
import { channelOf } from "../redis";
import type { MatchCommand, MatchInfo } from "@/protocol/stream";
import type { RefusalData } from "@/protocol/refusals";

/** What a node asks a match's owner to do. */
export type MatchRequest =
  | {
      op: "act";
      userId: string;
      seat: number;
      command: MatchCommand;
      rules: "machiavelox" | "classic";
      /** The request's own id: sent again, it is answered from the match, not played twice. */
      ref?: string;
    }
  /** `server`: seated by the server (a lobby, the agora), not by the player asking. */
  | { op: "join"; user: { id: string; name: string }; server: boolean }
  | { op: "joinBot"; level: string }
  | { op: "get"; userId: string }
  | { op: "seatView"; userId: string; seat: number }
  | { op: "terminate"; reason: string }
  | { op: "expire" }
  | { op: "touch" }
  /** A method of a service the owner runs beside the match (registry.host: a friendly game's lobby). */
  | { op: "host"; service: string; method: string; args: unknown[] };

/** A seat's stream (its player's id) or the spectators' (null). */
export type FollowRequest = { userId: string | null };

/** What the owner of a match does for the nodes that ask: the registry's own side. */
export interface MatchService {
  serve(matchId: string, request: MatchRequest): Promise<unknown>;
  /** Registers the subscriber, synchronously with its catch-up (see stream.ts). */
  serveFollow(
    matchId: string,
    request: FollowRequest,
    lastEventId: number | null,
    push: (delivery: Delivery) => void,
    end: () => void,
  ): Promise<Feed<Delivery>>;
  /** The node that plays the match now (this one, if nobody does: it takes the match). */
  locate(matchId: string): Promise<string>;
}

/** How long an owner may take to answer: past it the asker gives up (its answer is unknown). */
export const ANSWER_MS = 3_000;
/**
 * How long a request waits for a match whose owner is gone to be taken over: a lease's
 * expiry, a takeover sweep and a replay, with room to spare.
 */
export const MOVE_WAIT_MS = 10_000;
/**
 * Between two looks for the owner of a match that is moving, unless its taking is announced
 * first (`claimed`): the looks only cover an announcement lost, so they can be rare.
 */
const LOOK_AGAIN_MS = 500;
/** How often an owner looks for nodes gone with streams it serves. */
const SWEEP_MS = 2_000;
/** Between the two looks that find a node silent (`silent`). */
const CONFIRM_MS = 200;

type WireError =
  | { kind: "match"; code: MatchErrorKind; message: string; rejection?: MatchRejection }
  | { kind: "refusal"; code: TRPCError["code"]; message: string; data: RefusalData }
  | { kind: "not-owner" }
  | { kind: "internal" };

type Message =
  | { t: "req"; id: string; from: string; matchId: string; request: MatchRequest }
  | { t: "res"; id: string; value?: unknown; error?: WireError }
  | {
      t: "follow";
      id: string;
      stream: string;
      from: string;
      matchId: string;
      request: FollowRequest;
      lastEventId: number | null;
    }
  | { t: "push"; stream: string; delivery: Delivery }
  /** The owner ended the stream: the match left it (the asker follows it where it went). */
  | { t: "end"; stream: string }
  | { t: "unfollow"; stream: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Null for a match that moved while it was looked for, or whose owner could not be looked up
 * (the database busy): look again. A refusal (no such match, this node stopping) is the answer.
 */
function onlyMoved(error: unknown): null {
  if (error instanceof MatchError && !(error instanceof NotOwner)) throw error;
  return null;
}

/** The owner did not answer in time: whether it did the request is unknown. */
class Unanswered extends MatchError {
  constructor() {
    super(
      "SERVICE_UNAVAILABLE",
      "The server playing this match did not answer: look at the table and try again.",
    );
  }
}

/**
 * Requests sent again when their answer is lost (their owner died, or took too long): doing
 * one twice does it once (an action carries its ref, a player holds one seat, a lobby holds a
 * player once and readiness is a state) or only reads. Seating a bot, adding or removing one in
 * a lobby, or ending a match is not sent again: its asker hears that nobody answered.
 * A hosted service's method is named `service.method`.
 */
const REPEATABLE = new Set<string>([
  "act",
  "join",
  "get",
  "seatView",
  "expire",
  "touch",
  "lobby.join",
  "lobby.ready",
  "lobby.leave",
  "lobby.view",
]);

function repeatable(request: MatchRequest): boolean {
  return REPEATABLE.has(
    request.op === "host" ? `${request.service}.${request.method}` : request.op,
  );
}
const unreachable = () =>
  new MatchError(
    "SERVICE_UNAVAILABLE",
    "This match is moving to another server: try again in a moment.",
  );

function wireError(error: unknown): WireError {
  if (error instanceof NotOwner) return { kind: "not-owner" };
  if (error instanceof MatchError)
    return { kind: "match", code: error.kind, message: error.message, rejection: error.rejection };
  if (error instanceof TRPCError && error.cause instanceof SiteRefusal)
    return { kind: "refusal", code: error.code, message: error.message, data: error.cause.data };
  return { kind: "internal" };
}

function errorOf(wire: WireError): Error {
  switch (wire.kind) {
    case "not-owner":
      return new NotOwner();
    case "match":
      return new MatchError(wire.code, wire.message, wire.rejection);
    case "refusal":
      return new TRPCError({
        code: wire.code,
        message: wire.message,
        cause: new SiteRefusal(wire.message, wire.data),
      });
    case "internal":
      return new MatchError("SERVICE_UNAVAILABLE", "The server playing this match failed.");
  }
}

/** A match's info as JSON gives it back: its instants are Dates again. */
export function reviveInfo<T extends MatchInfo>(info: T): T {
  const at = (value: Date | null) => (value === null ? null : new Date(value));
  return {
    ...info,
    createdAt: new Date(info.createdAt),
    startedAt: at(info.startedAt),
    endedAt: at(info.endedAt),
  };
}

function reviveDelivery({ id, message }: Delivery): Delivery {
  if (message.type === "events") return { id, message: markPlainJson(message) };
  return { id, message: { ...message, match: reviveInfo(message.match) } };
}

type Waiting = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

/** This node's end of the relay: it asks owners, and answers as the owner of its matches. */
export class Relay {
  private readonly waiting = new Map<string, Waiting>();
  /** Streams this node serves as their match's owner, by stream id, with the node that asked. */
  private readonly served = new Map<string, { feed: Feed<Delivery>; from: string }>();
  /** Streams this node follows for its subscribers, by the id of their current follow. */
  private readonly following = new Map<string, RemoteFeed>();
  /** Where each match was last found. */
  private readonly owners = new Map<string, string>();
  /** Each match's owner being looked for: the requests waiting for it share one look. */
  private readonly lookups = new Map<string, Promise<string>>();
  /** Requests waiting for a moving match to be taken, woken when it is (`claimed`). */
  private readonly moving = new Map<string, Set<() => void>>();
  /** Each delivery's JSON, made once for all its subscribers. */
  private readonly texts = new WeakMap<Delivery, string>();
  /** Requests this node sent to owners, and served as one (/health). */
  readonly counts = { asked: 0, served: 0 };
  private subscriber: Redis | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    readonly nodeId: string,
    private readonly publisher: Redis,
    private readonly service: MatchService,
    private readonly logger: Logger,
    /** A node was found silent when sent something: it may have died. */
    private readonly onSilent: () => void = () => undefined,
  ) {}

  private channel(nodeId: string): string {
    return channelOf(this.publisher, `node:${nodeId}`);
  }

  /** Listens on this node's channel; requests are served from now on. */
  async connect(): Promise<void> {
    // Its subscription waits for the connection, and ioredis renews it after a reconnection.
    const subscriber = this.publisher.duplicate({ enableOfflineQueue: true });
    subscriber.on("error", () => undefined);
    subscriber.on("message", (_channel: string, text: string) =>
      this.receive(JSON.parse(text) as Message),
    );
    await subscriber.subscribe(this.channel(this.nodeId));
    this.subscriber = subscriber;
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /**
   * Stops following for this node's subscribers (their connections close with the node, and
   * they resume on another) and stops answering.
   */
  close(): void {
    // Stopped before the relay closes, so their owners still hear that nobody follows them.
    for (const feed of new Set(this.following.values())) feed.stop();
    this.closed = true;
    clearInterval(this.sweeper);
    this.subscriber?.disconnect();
  }

  /** Asks the match's owner, wherever it is, waiting out a move from one owner to another. */
  call(matchId: string, request: MatchRequest): Promise<unknown> {
    this.counts.asked++;
    return this.ask(
      matchId,
      (id) => ({ t: "req", id, from: this.nodeId, matchId, request }),
      repeatable(request),
    );
  }

  /**
   * Sends the message `made` for each try (under the try's id) to the match's owner and
   * resolves with its answer, looking for the owner again while the match moves. `made` gives
   * null when the answer no longer matters (a stream followed afresh meanwhile). `repeatable`:
   * an unanswered message is sent again (to the match's owner then) rather than given up.
   */
  private async ask(
    matchId: string,
    made: (id: string, owner: string) => Message | null,
    repeatable = false,
  ): Promise<unknown> {
    const until = Date.now() + MOVE_WAIT_MS;
    for (;;) {
      if (this.closed) throw unreachable();
      const owner = await this.owner(matchId).catch(onlyMoved);
      if (owner !== null) {
        const id = randomUUID();
        const message = made(id, owner);
        if (!message) return undefined;
        // Read at once: the answer may come (or time out) before the send is confirmed.
        const answer = this.expect(id, matchId).then(
          (value) => ({ value }),
          (error: unknown) => {
            if (error instanceof NotOwner || (repeatable && error instanceof Unanswered))
              return null;
            return { error };
          },
        );
        if (await this.send(owner, message)) {
          const answered = await answer;
          if (answered && "error" in answered) throw answered.error;
          if (answered) return answered.value;
        } else this.forget(id);
      }
      // Nobody listens there (the node died) or it gave the match away: look again.
      await this.lookAgain(matchId, until);
    }
  }

  /** The answer to request `id`, or a refusal once ANSWER_MS have passed without one. */
  private expect(id: string, matchId: string): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.owners.delete(matchId);
        reject(new Unanswered());
      }, ANSWER_MS);
      this.waiting.set(id, { resolve, reject, timer });
    });
  }

  /**
   * The match is moving: waits until a node announces it took it, or LOOK_AGAIN_MS, before
   * looking for its owner again, up to `until`.
   */
  private async lookAgain(matchId: string, until: number): Promise<void> {
    this.owners.delete(matchId);
    if (Date.now() > until) throw unreachable();
    const waiters = this.moving.get(matchId) ?? new Set<() => void>();
    this.moving.set(matchId, waiters);
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0 && this.moving.get(matchId) === waiters) this.moving.delete(matchId);
        resolve();
      };
      const timer = setTimeout(wake, LOOK_AGAIN_MS);
      waiters.add(wake);
    });
  }

  /**
   * Follows the match's stream for one subscriber: resolves once its owner accepted (or
   * rejects as it refused), then pushes what the owner sends, following the match if it moves.
   */
  async follow(
    matchId: string,
    request: FollowRequest,
    lastEventId: number | null,
  ): Promise<RemoteFeed> {
    const feed = new RemoteFeed(this, matchId, request, lastEventId);
    await feed.open();
    return feed;
  }

  /** A node took the match: requests and streams go there from now on. */
  claimed(matchId: string, nodeId: string): void {
    this.owners.set(matchId, nodeId);
    for (const wake of [...(this.moving.get(matchId) ?? [])]) wake();
    for (const feed of new Set(this.following.values()))
      if (feed.matchId === matchId && feed.owner !== nodeId) void feed.resume();
  }

  /** Where the match is played, as last heard or found afresh. */
  private owner(matchId: string): Promise<string> {
    const known = this.owners.get(matchId);
    if (known) return Promise.resolve(known);
    let lookup = this.lookups.get(matchId);
    if (!lookup) {
      lookup = this.service
        .locate(matchId)
        .then((found) => {
          this.owners.set(matchId, found);
          return found;
        })
        .finally(() => this.lookups.delete(matchId));
      this.lookups.set(matchId, lookup);
    }
    return lookup;
  }

  /** Sends to a node; says whether it listens (a node that died no longer does). */
  private send(nodeId: string, message: Message): Promise<boolean> {
    return this.sendText(nodeId, JSON.stringify(message));
  }

  private async sendText(nodeId: string, text: string): Promise<boolean> {
    if (this.closed) return false;
    const heard = await this.publisher.publish(this.channel(nodeId), text).catch(() => null);
    if (heard === 0) this.onSilent();
    return (heard ?? 0) > 0;
  }

  private forget(id: string) {
    const waiting = this.waiting.get(id);
    if (waiting) clearTimeout(waiting.timer);
    this.waiting.delete(id);
  }

  private receive(message: Message): void {
    switch (message.t) {
      case "req":
        return void this.serve(message);
      case "follow":
        return void this.serveFollow(message);
      case "res": {
        const waiting = this.waiting.get(message.id);
        if (!waiting) return;
        this.forget(message.id);
        if (message.error) waiting.reject(errorOf(message.error));
        else waiting.resolve(message.value);
        return;
      }
      case "push":
        return this.following
          .get(message.stream)
          ?.deliver(message.stream, reviveDelivery(message.delivery));
      case "end": {
        const feed = this.following.get(message.stream);
        if (!feed?.current(message.stream)) return;
        this.owners.delete(feed.matchId);
        return void feed.resume();
      }
      case "unfollow":
        return this.unserve(message.stream);
    }
  }

  private async answer(to: string, id: string, work: Promise<unknown>) {
    const body = await work.then(
      (value) => ({ value }),
      (error: unknown) => {
        const wire = wireError(error);
        if (wire.kind === "internal") this.logger.error({ err: error }, "relayed request failed");
        return { error: wire };
      },
    );
    await this.send(to, { t: "res", id, ...body });
  }

  private serve({ id, from, matchId, request }: Extract<Message, { t: "req" }>) {
    this.counts.served++;
    return this.answer(from, id, this.service.serve(matchId, request));
  }

  private serveFollow(message: Extract<Message, { t: "follow" }>) {
    const { id, from, stream, matchId, request, lastEventId } = message;
    const head = `{"t":"push","stream":${JSON.stringify(stream)},"delivery":`;
    const push = (delivery: Delivery) => {
      // One delivery often goes to several streams: its JSON is made once.
      let json = this.texts.get(delivery);
      if (json === undefined) {
        json = JSON.stringify(delivery);
        this.texts.set(delivery, json);
      }
      void this.sendText(from, `${head}${json}}`).then((heard) => {
        // The asking node is gone: nobody reads this stream any more.
        if (!heard) this.unserve(stream);
      });
    };
    const end = () => {
      this.served.delete(stream);
      void this.send(from, { t: "end", stream });
    };
    const opened = this.service
      .serveFollow(matchId, request, lastEventId, push, end)
      .then((feed) => {
        this.served.set(stream, { feed, from });
        for (const delivery of feed.catchUp) push(delivery);
      });
    return this.answer(from, id, opened);
  }

  private unserve(stream: string) {
    this.served.get(stream)?.feed.stop();
    this.served.delete(stream);
  }

  /**
   * Drops the streams of nodes that no longer listen (a node that died asks nothing more, and
   * its subscribers' seats must not stay present until the match's next message), and follows
   * again the streams whose owner no longer listens: its death is then known before any
   * takeover is announced, whatever order the messages came in.
   */
  private async sweep(): Promise<void> {
    const feeds = new Set(this.following.values());
    const nodes = [
      ...new Set([
        ...[...this.served.values()].map((served) => served.from),
        ...[...feeds].flatMap((feed) => (feed.owner ? [feed.owner] : [])),
      ]),
    ];
    if (nodes.length === 0) return;
    const counts = await this.listeners(nodes);
    const gone = new Set(nodes.filter((_, index) => counts?.[index] === 0));
    if (gone.size === 0) return;
    for (const [stream, served] of this.served) if (gone.has(served.from)) this.unserve(stream);
    for (const feed of feeds)
      if (feed.owner && gone.has(feed.owner)) {
        this.owners.delete(feed.matchId);
        void feed.resume();
      }
  }

  /**
   * The nodes among `nodes` nobody listens for on Redis: a process that died lost its
   * connection with it. Found so twice, CONFIRM_MS apart, while this node's own subscription
   * stands: a subscription being renewed (Redis restarted) is no death. None when Redis does
   * not answer.
   */
  async silent(nodes: string[]): Promise<string[]> {
    let suspects = nodes;
    for (let look = 0; look < 2 && suspects.length > 0; look++) {
      if (look > 0) await sleep(CONFIRM_MS);
      const counts = await this.listeners([this.nodeId, ...suspects]);
      if (this.closed || !counts || counts[0] === 0) return [];
      suspects = suspects.filter((_, index) => counts[index + 1] === 0);
    }
    return suspects;
  }

  /** How many listen on each node's channel; null when Redis does not answer. */
  private async listeners(nodes: string[]): Promise<number[] | null> {
    const reply = (await this.publisher
      .pubsub("NUMSUB", ...nodes.map((node) => this.channel(node)))
      .catch(() => null)) as (string | number)[] | null;
    return reply && nodes.map((_, index) => Number(reply[2 * index + 1]));
  }

  /** For RemoteFeed: sends its follow to the match's owner, wherever it is now. */
  async openStream(feed: RemoteFeed, stream: string, lastEventId: number | null) {
    const { matchId, request } = feed;
    const made = (id: string, owner: string): Message | null => {
      if (!feed.current(stream)) return null;
      feed.owner = owner;
      this.following.set(stream, feed);
      return { t: "follow", id, stream, from: this.nodeId, matchId, request, lastEventId };
    };
    await this.ask(matchId, made).catch((error: unknown) => {
      this.following.delete(stream);
      throw error;
    });
  }

  /** For RemoteFeed: its follow under `stream` is over. */
  closeStream(feed: RemoteFeed, stream: string, tellOwner: boolean) {
    this.following.delete(stream);
    if (tellOwner && feed.owner) void this.send(feed.owner, { t: "unfollow", stream });
  }
}

/**
 * One subscriber's stream of a match played on some node, as the node it is connected to
 * follows it. When the match moves, or the subscriber fell behind, it follows again from the
 * last event it delivered (or for a fresh snapshot), under a new stream id: whatever the old
 * one still brings is dropped.
 */
export class RemoteFeed {
  /** The current follow's id: only its messages are delivered. */
  private stream = randomUUID();
  /** The id of the last message delivered: a new follow resumes from it. */
  private lastId: number | null;
  private buffer: Delivery[] = [];
  private target: { push: (delivery: Delivery) => void; end: () => void } | null = null;
  private done = false;
  owner: string | undefined;

  constructor(
    private readonly relay: Relay,
    readonly matchId: string,
    readonly request: FollowRequest,
    lastEventId: number | null,
  ) {
    this.lastId = lastEventId;
  }

  open(): Promise<void> {
    return this.relay.openStream(this, this.stream, this.lastId);
  }

  /** The subscriber's stream starts reading: what came so far, then each delivery (stream.ts). */
  attach(push: (delivery: Delivery) => void, end: () => void): Feed<Delivery> {
    this.target = { push, end };
    const catchUp = this.buffer;
    this.buffer = [];
    if (this.done) end();
    return {
      catchUp,
      overflow: () => {
        // The next message must be a whole view: follow again for a fresh snapshot.
        this.lastId = null;
        void this.resume();
        return [];
      },
      stop: () => this.stop(),
    };
  }

  /** Whether `stream` is this feed's current follow (an older one's messages are dropped). */
  current(stream: string): boolean {
    return !this.done && stream === this.stream;
  }

  deliver(stream: string, delivery: Delivery): void {
    if (!this.current(stream)) return;
    this.lastId = Number(delivery.id);
    if (this.target) this.target.push(delivery);
    else this.buffer.push(delivery);
  }

  /**
   * Follows again, from the last delivery, wherever the match is now. A follow that went
   * unanswered (its owner busy, or the match still moving) is made again under a new id, the
   * old one unfollowed, for up to MOVE_WAIT_MS: ending the stream would leave the player's table
   * still until they reload it. A refusal ends it.
   */
  async resume(): Promise<void> {
    const until = Date.now() + MOVE_WAIT_MS;
    for (;;) {
      if (this.done) return;
      this.relay.closeStream(this, this.stream, true);
      const stream = (this.stream = randomUUID());
      const failed = await this.relay.openStream(this, stream, this.lastId).then(
        () => null,
        (error: unknown) => error,
      );
      // Followed, or followed again meanwhile by a later resume.
      if (!failed || this.stream !== stream) return;
      const unavailable = failed instanceof MatchError && failed.kind === "SERVICE_UNAVAILABLE";
      if (!unavailable || Date.now() > until) return this.end();
      await sleep(LOOK_AGAIN_MS);
    }
  }

  /** The subscriber left. */
  stop(): void {
    if (this.done) return;
    this.done = true;
    this.relay.closeStream(this, this.stream, true);
  }

  /** Nobody can follow the match from here: the subscriber's stream ends (it resumes elsewhere). */
  end(): void {
    this.stop();
    this.target?.end();
  }
}
