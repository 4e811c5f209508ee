import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Logger } from "pino";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session";
import type { MatchKind } from "@/generated/prisma/enums";
import {
  gameKindOf,
  rulesFor,
  specOf,
  type MatchCommand,
  type MatchSpec,
  type MatchView,
  type Millis,
} from "./engine";
import { MatchError, NotOwner, restarting } from "./errors";
import { choose, CLAIM_MS, Leases, RENEW_MS } from "./leases";
import { EventLog } from "./event-log";
import { PrismaMatchStore } from "./match-store";
import { WallClock } from "./match-clock";
import type { Delivery } from "./audience";
import { botHolder, botHolderId, LiveMatch, type MatchDeps, type MatchParts } from "./live-match";
import type { MatchInfo } from "@/protocol/stream";
import { markPlainJson } from "./plain-json";
import { type Feed, stream } from "./stream";
import {
  type FollowRequest,
  type MatchRequest,
  type MatchService,
  Relay,
  reviveInfo,
} from "./relay";
import type { Redis } from "ioredis";
import { siteBus } from "../site-bus";
import { type Env, parseEnv } from "../env";
import { refuse } from "../refusals";

/** Actions one seat may send per second: quick drags stay well inside it. */
export const SEAT_ACTIONS_PER_SECOND = 20;
/**
 * Actions one player may send per second, whatever seats, matches and connections they are for.
 * Counted per player, not per address: players behind one address do not share a budget.
 */
export const PLAYER_ACTIONS_PER_SECOND = 40;
/** How long an ended match stays in memory for late subscribers. */
const ENDED_KEPT_MS = 5 * 60_000;
/**
 * Tables one player may have opened and not started at once (plain and friendly): a player
 * waits for friends at one or two; more only fill the server (docs/live-server.md, Limits and logs).
 */
export const MAX_WAITING_TABLES = 10;
/** Practice tables one player may have in play at once: one is played at a time. */
export const MAX_PRACTICE_TABLES = 5;
/** A table nobody started is removed this long after the last thing that happened at it. */
export const WAITING_TABLE_EXPIRES_MS = 60 * 60_000;
/** How often waiting tables are looked at for expiry. */
const EXPIRY_SWEEP_MS = 60_000;
/** How long the database may leave the log without an answer before new work is refused. */
export const DATABASE_STALL_MS = 2_000;
/** How often the database is asked whether it answers, so a stall is seen before an action waits on it. */
const PROBE_MS = 1_000;
/** How often a node found silent when asked (relay.ts) may start a takeover sweep early. */
const SUSPECT_EVERY_MS = 200;
/** How long /health waits for the database before it answers 503. */
const HEALTH_PROBE_MS = 1_500;

const matchInclude = { seats: { include: { user: { select: { name: true } } } } } as const;

type MatchRow = {
  id: string;
  kind: string;
  inviteCode: string | null;
  status: MatchInfo["status"];
  rules: string;
  seatCount: number;
  options: unknown;
  seed: number | null;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  result: unknown;
  seats: {
    seat: number;
    joinedAt: Date;
    userId: string | null;
    user: { name: string } | null;
    bot: string | null;
  }[];
};

function infoOf(row: MatchRow): MatchInfo {
  const seats: MatchInfo["seats"] = Array<null>(row.seatCount).fill(null);
  for (const { seat, userId, user, bot } of row.seats) {
    if (userId && user) seats[seat] = { userId, name: user.name };
    // A bot's seat (no user, see MatchSeat.bot) is held under an id no session has.
    else if (bot) seats[seat] = botHolder(row.id, seat, bot);
  }
  const { id, kind, status, rules, createdAt, startedAt, endedAt, result } = row;
  return { id, kind, status, rules, seats, createdAt, startedAt, endedAt, result };
}

/** The columns that say what a match plays. */
function specColumns(spec: MatchSpec) {
  return spec.rules === "classic"
    ? { rules: "classic", seatCount: spec.players, options: { ...spec.options } }
    : { rules: "machiavelox", seatCount: 3 };
}

/**
 * A service the owner of each match runs beside it (a friendly game's lobby): its methods by
 * name, each called with the match's id and the asker's arguments (as JSON gives them back,
 * when relayed). Its refusals travel to the asker as the relay carries a match's.
 */
export type HostedService = Record<string, (matchId: string, ...args: never[]) => Promise<unknown>>;

/** "Try again in 1.2 s": the wait the limiter asks for. */
function tooFast(what: string, error: unknown): MatchError {
  if (!(error instanceof RateLimiterRes)) throw error;
  const seconds = Math.max(0.1, error.msBeforeNext / 1000).toFixed(1);
  return new MatchError(
    "TOO_MANY_REQUESTS",
    `Too many actions from ${what}: try again in ${seconds} s.`,
  );
}

const databaseStalled = () =>
  new MatchError(
    "SERVICE_UNAVAILABLE",
    "The database is not answering: nothing was changed. Try again in a moment.",
  );

/**
 * Every live match of this server, by id: the tRPC router's only entry into them.
 * Matches still waiting or playing are always in memory; ended ones are loaded on demand.
 */
export class LiveMatches implements MatchService {
  private readonly matches = new Map<string, LiveMatch>();
  /** With other nodes (REDIS_URL): how requests and streams reach each match's owner. */
  private relay: Relay | undefined;
  /** Called with the ids of matches this node took over from another (their bots sit down here). */
  private readonly takenListeners: ((matchIds: string[]) => void)[] = [];
  private readonly loading = new Map<string, Promise<LiveMatch | null>>();
  private readonly log: EventLog;
  private readonly leases: Leases;
  /** The lease epoch of each unfinished match this node owns (its log's fencing token). */
  private readonly owned = new Map<string, number>();
  private readonly deps: MatchDeps;
  private readonly startedAt = performance.now();
  private accepting = true;
  private readonly endedListeners: ((matchId: string) => void)[] = [];
  /** The services this node runs for the matches it owns, by name (`host`). */
  private readonly hosted = new Map<string, HostedService>();
  /** Friendly games, whose seats go through their invitation code alone (src/server/games). */
  private readonly inviteOnly = new Set<string>();
  /** Each waiting table's last activity (Date.now()), for its expiry. */
  private readonly activeAt = new Map<string, number>();
  /** Tables being opened per player (`waiting:id`, `practice:id`), not yet in `matches`. */
  private readonly opening = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  /** A takeover sweep is running. */
  private claiming = false;
  /** When the last takeover sweep started (performance.now()). */
  private claimedAt = -Infinity;
  /** The renewal in flight: a node stopping waits for it before it hands its matches over. */
  private renewing: Promise<void> = Promise.resolve();
  private readonly seatLimiter = new RateLimiterMemory({
    keyPrefix: "seat",
    points: SEAT_ACTIONS_PER_SECOND,
    duration: 1,
  });
  private readonly playerLimiter = new RateLimiterMemory({
    keyPrefix: "player",
    points: PLAYER_ACTIONS_PER_SECOND,
    duration: 1,
  });

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    /** The environment's settings for live play, parsed once at start (src/server/env.ts). */
    readonly settings: LiveSettings = parseEnv({}),
  ) {
    this.log = new EventLog(db);
    this.leases = new Leases(db, settings.NODE_ID);
    this.deps = {
      logger,
      dealSeed: settings.DEAL_SEED,
      botPace: settings.BOT_REACTION_SCALE,
      onLost: (match) => this.lost(match.id, match),
      onEnded: (match) => {
        this.owned.delete(match.id);
        this.activeAt.delete(match.id);
        setTimeout(() => {
          this.matches.delete(match.id);
          this.inviteOnly.delete(match.id);
        }, ENDED_KEPT_MS).unref();
        for (const listener of this.endedListeners) listener(match.id);
      },
    };
  }

  /**
   * Rebuilds every unfinished match from its log and resumes it: each one whose lease this
   * node takes (all of them, for a server alone on its database), under its new epoch.
   */
  async restore(): Promise<number> {
    const rows = await this.db.match.findMany({
      where: { status: { in: ["WAITING", "PLAYING"] } },
      select: { id: true },
    });
    const matches = await this.claim(rows.map((row) => row.id));
    await this.expireWaiting();
    return matches.length;
  }

  /** Starts the expiry sweep, the database probe and the leases' renewal; `shutdown` stops them. */
  startTimers(): void {
    this.timers.push(
      setInterval(() => void this.expireWaiting(), EXPIRY_SWEEP_MS),
      setInterval(() => void this.renew(), RENEW_MS),
      setInterval(() => void this.log.ping().catch(() => undefined), PROBE_MS),
    );
    for (const timer of this.timers) timer.unref();
  }

  /**
   * Joins the other nodes of the site through `redis`: every request and stream about a live
   * match goes to its owner through the relay, and this node takes its share of the matches
   * whose owner died or stopped.
   */
  async joinSite(redis: Redis): Promise<void> {
    // A node found silent when asked may have died: looked for at once, not at the next sweep.
    const relay = new Relay(this.settings.NODE_ID, redis, this, this.logger, () => {
      if (performance.now() - this.claimedAt >= SUSPECT_EVERY_MS) void this.claimExpired();
    });
    await relay.connect();
    this.relay = relay;
    const bus = siteBus();
    bus.handle("match-claimed", ({ matchId, nodeId, epoch }) => {
      // Taken under a later epoch: this node's lease is gone, whether it noticed or not.
      if (nodeId !== this.settings.NODE_ID && epoch > (this.owned.get(matchId) ?? epoch))
        this.lost(matchId);
      relay.claimed(matchId, nodeId);
    });
    bus.handle("matches-released", () => void this.claimExpired());
    const sweep = setInterval(() => void this.claimExpired(), CLAIM_MS);
    sweep.unref();
    this.timers.push(sweep);
  }

  /** Calls `listener` with the ids of matches this node took over from another. */
  whenTaken(listener: (matchIds: string[]) => void): void {
    this.takenListeners.push(listener);
  }

  /**
   * Takes this node's share of the unfinished matches nobody holds (their node died, or
   * stopped and handed them over), and resumes them. A node whose Redis connection is gone is
   * taken for dead at once, its lease ended (a process killed loses its connections with it),
   * rather than after its lease runs out. Each match goes to the live node `choose` picks, so
   * the matches of a node that died spread over the others in one sweep.
   */
  private async claimExpired(): Promise<void> {
    if (!this.accepting || this.claiming || !this.relay) return;
    this.claiming = true;
    this.claimedAt = performance.now();
    const here = this.settings.NODE_ID;
    try {
      const live = await this.leases.liveNodes();
      const dead = await this.relay.silent(live.filter((node) => node !== here));
      if (dead.length > 0) {
        await Promise.all(dead.map((node) => this.leases.expire(node)));
        this.logger.warn({ nodes: dead }, "nodes gone from Redis: their leases ended");
      }
      const alive = live.filter((node) => !dead.includes(node));
      const share = (await this.leases.orphans())
        .filter((orphan) => orphan.open || choose(orphan.matchId, alive) === here)
        .map((orphan) => orphan.matchId);
      if (share.length === 0) return;
      const matches = await this.claim(share);
      if (matches.length > 0) this.logger.info({ matches: matches.length }, "took over matches");
    } catch (error) {
      this.logger.warn({ err: error }, "matches of other nodes not taken over");
    } finally {
      this.claiming = false;
    }
  }

  /**
   * Takes the leases of the matches it can and brings those here (`bring`). Whoever asks for
   * one of them meanwhile waits for it rather than taking or loading it again; a match another
   * node took is NotOwner to them.
   */
  private claim(wanted: string[]): Promise<LiveMatch[]> {
    // Those being brought already (asked for meanwhile) or here are not taken again.
    const ids = wanted.filter((id) => !this.loading.has(id) && !this.matches.has(id));
    const brought = this.take(ids)
      .then((taken) =>
        this.db.match.findMany({ where: { id: { in: [...taken] } }, include: matchInclude }),
      )
      .then((rows) => this.bring(rows));
    for (const id of ids) {
      const one = brought.then((matches) => {
        const match = matches.find((each) => each.id === id);
        if (!match) throw new NotOwner();
        return match;
      });
      // Only those who ask for it hear of its failure.
      one.catch(() => undefined);
      this.loading.set(id, one);
    }
    return brought.finally(() => {
      for (const id of ids) this.loading.delete(id);
    });
  }

  /**
   * Matches just taken: rebuilt from their logs and resumed here, their bots told; then the
   * other nodes hear where they are, so their followers come to a match ready for them.
   */
  private async bring(rows: MatchRow[]): Promise<LiveMatch[]> {
    const loaded = await Promise.all(rows.map((row) => this.load(row)));
    // One that cannot resume (taken away meanwhile, or the database failing) fails alone.
    const resumed = await Promise.allSettled(loaded.map((match) => match.resume()));
    const matches = loaded.filter((match, index) => {
      const outcome = resumed[index]!;
      if (outcome.status === "fulfilled") return true;
      this.logger.warn({ matchId: match.id, err: outcome.reason }, "taken match not resumed");
      this.lost(match.id, match);
      return false;
    });
    const ids = matches.map((match) => match.id);
    if (ids.length > 0) for (const listener of this.takenListeners) listener(ids);
    for (const id of ids) {
      const epoch = this.owned.get(id) ?? 0;
      // A match played before (elsewhere, or here before a restart): its followers move here.
      if (this.relay && epoch > 1)
        siteBus().send("match-claimed", { matchId: id, nodeId: this.settings.NODE_ID, epoch });
    }
    return matches;
  }

  /**
   * Removes the waiting tables where nothing happened for WAITING_TABLE_EXPIRES_MS (no seat
   * taken, nobody in their lobby): a table nobody starts is not kept, nor restored, forever.
   */
  async expireWaiting(now = Date.now()): Promise<number> {
    const stale = [...this.matches.values()].filter(
      (match) =>
        match.status === "WAITING" &&
        now - (this.activeAt.get(match.id) ?? now) > WAITING_TABLE_EXPIRES_MS,
    );
    const closed = await Promise.all(
      stale.map((match) =>
        match.expire().catch((error: unknown) => {
          this.logger.warn({ matchId: match.id, err: error }, "waiting table not expired");
          return false;
        }),
      ),
    );
    return closed.filter(Boolean).length;
  }

  /** Removes the waiting tables where `user` holds a seat (a deleted account): never started, nothing to keep. */
  async removeWaiting(user: SessionUser): Promise<void> {
    const seatedAt = await this.db.match.findMany({
      where: { status: "WAITING", seats: { some: { userId: user.id } } },
      select: { id: true },
    });
    await Promise.all(seatedAt.map(({ id }) => this.route(id, { op: "expire" })));
  }

  /** Something happened at a waiting table (its lobby): its hour starts again. */
  touch(matchId: string): void {
    void this.route(matchId, { op: "touch" }).catch(() => undefined);
  }

  /** Something happened at a waiting table this node plays: its hour starts again. */
  private markActive(matchId: string): void {
    if (this.activeAt.has(matchId)) this.activeAt.set(matchId, Date.now());
  }

  /**
   * Calls `listener` with the id of each match that ends, once its result is stored; also
   * for an ended match loaded again on demand, so a listener must be idempotent.
   */
  whenEnded(listener: (matchId: string) => void): void {
    this.endedListeners.push(listener);
  }

  /**
   * Runs `service` for the matches this node owns: `atOwner` reaches its methods from any node.
   * One per name, so that both bundles of the process may set it.
   */
  host(service: string, methods: HostedService): void {
    this.hosted.set(service, methods);
  }

  /** Calls `method` of `service` on the match's owner with `args` (JSON), routed as every request about the match. */
  atOwner(matchId: string, service: string, method: string, args: unknown[]): Promise<unknown> {
    return this.route(matchId, { op: "host", service, method, args });
  }

  /** A moderator ends a live match, with the reason recorded. */
  async terminate(matchId: string, reason: string): Promise<void> {
    await this.route(matchId, { op: "terminate", reason });
  }

  /** Opens a table (Machiavelox's three seats unless `spec` says otherwise), the opener at seat 0. */
  async open(
    user: SessionUser,
    /** What the table is for (friendly games, the agora: src/server/games, src/server/agora). */
    purpose: {
      kind?: MatchKind;
      inviteCode?: string;
      creatorId?: string;
      botsAllowed?: boolean;
      rematchOf?: string;
    } = {},
    /** Classic's; unsaid, Machiavelox of the purpose's kind (a single hand or a long game). */
    spec: MatchSpec = { rules: "machiavelox", kind: gameKindOf(purpose.kind ?? "FRIENDLY_SINGLE") },
    /** A test server's fast clock (MATCH_CLOCK_SCALE, ranked tables); a restart resumes it at 1. */
    clockScale = 1,
  ): Promise<{ matchId: string; seat: number }> {
    this.available();
    // Ranked tables are opened by the matcher for players it matched, never by a player.
    const release =
      purpose.kind === "COMPETITIVE" ? () => undefined : this.reserve(user, "waiting");
    try {
      const row = await this.db.match.create({
        data: { ...purpose, ...specColumns(spec), seats: { create: { seat: 0, userId: user.id } } },
        include: matchInclude,
      });
      await this.take([row.id]);
      const match = this.add(
        LiveMatch.create(this.deps, this.partsOf(row.id, clockScale), infoOf(row), rulesFor(spec)),
        row,
      );
      this.logger.info({ matchId: match.id, userId: user.id }, "table opened");
      return { matchId: match.id, seat: 0 };
    } finally {
      release();
    }
  }

  /**
   * Counts a table `user` is opening against their limit, or refuses it; the returned function
   * ends the count once the table is in `matches` (or was not opened).
   */
  private reserve(user: SessionUser, what: "waiting" | "practice"): () => void {
    const key = `${what}:${user.id}`;
    const open = [...this.matches.values()].filter((match) => {
      const { kind, seats } = match.publicInfo;
      if (seats[0]?.userId !== user.id || match.status === "ENDED") return false;
      return what === "practice"
        ? kind === "PRACTICE"
        : kind !== "PRACTICE" && match.status === "WAITING";
    }).length;
    if (what === "waiting" && open + (this.opening.get(key) ?? 0) >= MAX_WAITING_TABLES)
      throw refuse(
        "TOO_MANY_REQUESTS",
        `You have ${MAX_WAITING_TABLES} tables waiting already: start one or let one expire first.`,
        "TOO_MANY_WAITING_TABLES",
        MAX_WAITING_TABLES,
      );
    if (what === "practice" && open + (this.opening.get(key) ?? 0) >= MAX_PRACTICE_TABLES)
      throw refuse(
        "TOO_MANY_REQUESTS",
        `You have ${MAX_PRACTICE_TABLES} practice tables going already: finish one first.`,
        "TOO_MANY_PRACTICE_TABLES",
        MAX_PRACTICE_TABLES,
      );
    this.opening.set(key, (this.opening.get(key) ?? 0) + 1);
    return () => {
      const left = this.opening.get(key)! - 1;
      if (left > 0) this.opening.set(key, left);
      else this.opening.delete(key);
    };
  }

  /** A match now live in memory, with what the registry knows of its row. */
  private add(match: LiveMatch, row: MatchRow): LiveMatch {
    this.matches.set(match.id, match);
    if (row.inviteCode) this.inviteOnly.add(match.id);
    if (match.status === "WAITING") {
      const joined = row.seats.map((seat) => seat.joinedAt.getTime());
      this.activeAt.set(match.id, Math.max(row.createdAt.getTime(), ...joined));
    }
    return match;
  }

  /** New work is refused while the server stops or the database does not answer. */
  private available(): void {
    if (!this.accepting) throw restarting();
    if (this.log.stalled(DATABASE_STALL_MS)) throw databaseStalled();
  }

  /**
   * A practice table: the player at seat 0, bots in the other seats (one `level` for all, or
   * one per seat), the hand dealt at once. The bots themselves play through `act` (src/server/bots).
   * `clockScale`: a test table's fast clock (MATCH_CLOCK_SCALE); a restart resumes it at 1.
   */
  async openPractice(
    user: SessionUser,
    level: string | readonly string[],
    clockScale = 1,
    spec: MatchSpec = { rules: "machiavelox", kind: "single" },
  ): Promise<{ matchId: string }> {
    this.available();
    const release = this.reserve(user, "practice");
    let match: LiveMatch;
    try {
      const row = await this.db.match.create({
        data: {
          kind: "PRACTICE",
          botsAllowed: true,
          creatorId: user.id,
          ...specColumns(spec),
          seats: {
            create: [
              { seat: 0, userId: user.id },
              ...Array.from({ length: rulesFor(spec).seats - 1 }, (_, index) => ({
                seat: index + 1,
                bot: typeof level === "string" ? level : level[index]!,
              })),
            ],
          },
        },
        include: matchInclude,
      });
      await this.take([row.id]);
      match = this.add(
        LiveMatch.create(this.deps, this.partsOf(row.id, clockScale), infoOf(row), rulesFor(spec)),
        row,
      );
    } finally {
      release();
    }
    await match.begin();
    this.logger.info({ matchId: match.id, userId: user.id }, "practice table opened");
    return { matchId: match.id };
  }

  /** The Machiavelox bot seats of the live matches with their levels, for the bots to take up again after a restart. */
  botSeats(): { matchId: string; seat: number; level: string }[] {
    return [...this.matches.values()].flatMap((match) =>
      // Classic bots are played by their match itself (classic-seats.ts).
      match.status === "ENDED" || match.rules.spec.rules === "classic"
        ? []
        : match.publicInfo.seats.flatMap((holder, seat) =>
            holder?.userId === botHolderId(match.id, seat)
              ? [{ matchId: match.id, seat, level: holder.bot ?? "" }]
              : [],
          ),
    );
  }

  /**
   * A player takes a free seat of an open table (`match.join`); the third one starts the hand.
   * A friendly game's seats go through its invitation code (its lobby), a ranked table's
   * through the agora's matching: both seat their players with `seat`.
   */
  async join(user: SessionUser, matchId: string): Promise<{ seat: number }> {
    this.available();
    const seat = await this.route(matchId, { op: "join", user, server: false });
    return { seat: seat as number };
  }

  /** Seats a player the server chose (a friendly game's lobby, the agora's matching). */
  async seat(user: SessionUser, matchId: string): Promise<{ seat: number }> {
    this.available();
    const seat = await this.route(matchId, { op: "join", user, server: true });
    return { seat: seat as number };
  }

  /** Seats a bot of `level` at a waiting table; its play is up to src/server/bots. */
  async joinBot(matchId: string, level: string): Promise<{ seat: number }> {
    this.available();
    const seat = await this.route(matchId, { op: "joinBot", level });
    return { seat: seat as number };
  }

  /** A seat's own view and the match's clock, for the seat's player only; with the match's kind. */
  async seatView(
    user: SessionUser,
    matchId: string,
    seat: number,
  ): Promise<{ kind: string; view: MatchView | null; now: Millis }> {
    const seen = await this.route(matchId, { op: "seatView", userId: user.id, seat });
    return seen as { kind: string; view: MatchView | null; now: Millis };
  }

  async get(user: SessionUser, matchId: string): Promise<MatchInfo & { you: number | null }> {
    const info = (await this.route(matchId, { op: "get", userId: user.id })) as MatchInfo & {
      you: number | null;
    };
    return this.relay ? reviveInfo(info) : info;
  }

  /** The player's matches still waiting or playing, newest first. */
  async mine(user: SessionUser): Promise<(MatchInfo & { you: number })[]> {
    const rows = await this.db.match.findMany({
      where: { status: { in: ["WAITING", "PLAYING"] }, seats: { some: { userId: user.id } } },
      include: matchInclude,
      orderBy: { createdAt: "desc" },
    });
    return rows.map((row) => {
      const info = this.matches.get(row.id)?.publicInfo ?? infoOf(row);
      return { ...info, you: info.seats.findIndex((seat) => seat?.userId === user.id) };
    });
  }

  /** Runs one player action. */
  async act(
    user: SessionUser,
    matchId: string,
    seat: number,
    command: MatchCommand,
    /** The game the command is for: a command of one game never reaches the other's table. */
    rules: MatchSpec["rules"] = "machiavelox",
  ): Promise<{ ok: true; eventId: string }> {
    const started = performance.now();
    this.available();
    await this.playerLimiter.consume(user.id).catch((error: unknown) => {
      throw tooFast("you", error);
    });
    try {
      // Relayed, an action carries a ref: sent again after a node died, it is not played twice.
      const ref = this.relay && randomUUID();
      const request: MatchRequest = { op: "act", userId: user.id, seat, command, rules, ref };
      const eventId = (await this.route(matchId, request)) as string;
      return markPlainJson({ ok: true as const, eventId });
    } finally {
      const ms = Math.round((performance.now() - started) * 100) / 100;
      this.logger.debug({ matchId, seat, command: command.do, ms }, "action");
    }
  }

  /** A seat's stream: its view, then its events; only the seat's player may follow it. */
  followSeat(
    user: SessionUser,
    matchId: string,
    lastEventId: number | null,
    signal: AbortSignal | undefined,
  ): Promise<AsyncIterableIterator<Delivery>> {
    return this.subscribe(matchId, { userId: user.id }, lastEventId, signal);
  }

  /** The spectators' stream: the public view and public events only. */
  watch(
    matchId: string,
    lastEventId: number | null,
    signal: AbortSignal | undefined,
  ): Promise<AsyncIterableIterator<Delivery>> {
    return this.subscribe(matchId, { userId: null }, lastEventId, signal);
  }

  /**
   * The seats of the matches this node plays, as their bots play them: always here, never
   * through the relay, so a bot stops with its match's stream when the match leaves this node
   * (the node that takes it seats its bots again).
   */
  readonly here = {
    followSeat: (
      user: SessionUser,
      matchId: string,
      lastEventId: number | null,
      signal: AbortSignal | undefined,
    ) => this.followHere(matchId, { userId: user.id }, lastEventId, signal),
    act: async (user: SessionUser, matchId: string, seat: number, command: MatchCommand) => {
      const request: MatchRequest = {
        op: "act",
        userId: user.id,
        seat,
        command,
        rules: "machiavelox",
      };
      const eventId = (await this.serve(matchId, request)) as string;
      return markPlainJson({ ok: true as const, eventId });
    },
  };

  /** A request about one match, run by its owner: this node, or the one the relay finds. */
  private route(matchId: string, request: MatchRequest): Promise<unknown> {
    return this.relay ? this.relay.call(matchId, request) : this.serve(matchId, request);
  }

  private async subscribe(
    matchId: string,
    request: FollowRequest,
    lastEventId: number | null,
    signal: AbortSignal | undefined,
  ): Promise<AsyncIterableIterator<Delivery>> {
    if (!this.relay) return this.followHere(matchId, request, lastEventId, signal);
    const feed = await this.relay.follow(matchId, request, lastEventId);
    signal?.addEventListener("abort", () => feed.stop(), { once: true });
    return stream((push, end) => feed.attach(push, end), signal);
  }

  private async followHere(
    matchId: string,
    request: FollowRequest,
    lastEventId: number | null,
    signal: AbortSignal | undefined,
  ): Promise<AsyncIterableIterator<Delivery>> {
    const match = await this.find(matchId);
    const seat = followerSeat(match, request);
    return stream((push, end) => match.follow(seat, lastEventId, push, end), signal);
  }

  /** As the match's owner: runs what a node (maybe this one) asked of it (relay.ts). */
  async serve(matchId: string, request: MatchRequest): Promise<unknown> {
    this.serving();
    const match = await this.find(matchId);
    switch (request.op) {
      case "act": {
        this.available();
        if (match.rules.spec.rules !== request.rules)
          throw new MatchError(
            "BAD_REQUEST",
            request.rules === "classic"
              ? "This table plays Machiavelox, not classic Machiavelli."
              : "This table plays classic Machiavelli: its moves go through match.classic.",
          );
        match.authorize(request.userId, request.seat);
        await this.seatLimiter.consume(`${matchId}:${request.seat}`).catch((error: unknown) => {
          throw tooFast("your seat", error);
        });
        const { userId, seat, command, ref } = request;
        return String(await match.act(userId, seat, command, ref));
      }
      case "join": {
        this.available();
        const { user } = request;
        if (!request.server && match.seatOf(user.id) === null) {
          if (this.inviteOnly.has(matchId))
            throw refuse(
              "FORBIDDEN",
              "A friendly game is joined with its invitation code only.",
              "JOIN_WITH_CODE",
            );
          if (match.publicInfo.kind === "COMPETITIVE")
            throw refuse(
              "FORBIDDEN",
              "Ranked tables seat the players the agora matched.",
              "SEATED_BY_MATCHING",
            );
        }
        const seat = await match.join({ userId: user.id, name: user.name });
        this.markActive(matchId);
        return seat;
      }
      case "joinBot": {
        this.available();
        const seat = await match.joinBot(request.level);
        this.markActive(matchId);
        return seat;
      }
      case "get":
        return { ...match.publicInfo, you: match.seatOf(request.userId) };
      case "seatView":
        return { kind: match.publicInfo.kind, ...match.seatNow(request.userId, request.seat) };
      case "terminate":
        return match.terminate(request.reason);
      case "expire":
        return match.expire();
      case "touch":
        return this.markActive(matchId);
      case "host": {
        const methods = this.hosted.get(request.service);
        // Not hosted yet: this node is still starting.
        if (!methods || !Object.hasOwn(methods, request.method)) throw restarting();
        return methods[request.method]!(matchId, ...(request.args as never[]));
      }
    }
  }

  /**
   * A node stopping plays nothing more for the site: what reaches it meanwhile goes to the
   * match's next owner (its asker looks again), never half done here.
   */
  private serving(): void {
    if (this.relay && !this.accepting) throw new NotOwner();
  }

  /** As the match's owner: registers a node's subscriber (relay.ts). */
  async serveFollow(
    matchId: string,
    request: FollowRequest,
    lastEventId: number | null,
    push: (delivery: Delivery) => void,
    end: () => void,
  ): Promise<Feed<Delivery>> {
    this.serving();
    const match = await this.find(matchId);
    return match.follow(followerSeat(match, request), lastEventId, push, end);
  }

  /**
   * The node playing the match: its lease's holder while the lease lasts; this node for an
   * ended match (any node reads one); and this node too when nobody holds it, after taking it.
   */
  async locate(matchId: string): Promise<string> {
    // Stopping, this node takes no match: its players reconnect to another node.
    if (!this.accepting) throw restarting();
    const here = this.settings.NODE_ID;
    if (this.matches.has(matchId)) return here;
    const row = await this.leases.ownerOf(matchId);
    if (!row) throw new MatchError("NOT_FOUND", `There is no match ${matchId}.`);
    if (row.status === "ENDED" || !row.live || !row.nodeId) {
      await this.find(matchId);
      return here;
    }
    return row.nodeId;
  }

  /** The database counts as unreachable when it leaves the log unanswered, or /health's own probe past HEALTH_PROBE_MS. */
  async health() {
    const database = this.log.stalled(DATABASE_STALL_MS)
      ? ("unreachable" as const)
      : await withTimeout(this.log.ping(), HEALTH_PROBE_MS)
          .then(() => "ok" as const)
          .catch(() => "unreachable" as const);
    const live = [...this.matches.values()].filter((match) => match.status !== "ENDED");
    return {
      status: database === "ok" && this.accepting ? ("ok" as const) : ("unavailable" as const),
      node: this.settings.NODE_ID,
      uptimeSeconds: Math.round((performance.now() - this.startedAt) / 1000),
      liveMatches: live.length,
      /** The unfinished matches this node holds the lease of. */
      ownedMatches: this.owned.size,
      /** With other nodes: the requests this node relayed to owners, and served as one. */
      relay: this.relay && { ...this.relay.counts },
      accepting: this.accepting,
      database,
    };
  }

  /** SIGTERM: refuses new work, lets every queued change finish, and flushes and closes the log. */
  async shutdown(): Promise<void> {
    this.accepting = false;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all([...this.matches.values()].map((match) => match.stop()));
    await this.log.close();
    // Handed over at once: another node need not wait for them to expire (nor a renewal in
    // flight extend them after).
    await withTimeout(this.renewing, RENEW_MS).catch(() => undefined);
    await this.leases.release().catch((error: unknown) => {
      this.logger.warn({ err: error }, "leases not handed over: they expire");
    });
    await this.leases.close();
    if (!this.relay) return;
    // The other nodes take the matches now, and their followers follow them there.
    siteBus().send("matches-released", { nodeId: this.settings.NODE_ID });
    for (const match of this.matches.values()) match.dismiss();
    this.relay.close();
  }

  /** Takes the leases of the matches it can; answers those taken, whose epochs `owned` now holds. */
  private async take(matchIds: string[]): Promise<Set<string>> {
    const taken = await this.leases.acquire(matchIds);
    for (const { matchId, epoch } of taken) this.owned.set(matchId, epoch);
    return new Set(taken.map((lease) => lease.matchId));
  }

  private held() {
    return [...this.owned].map(([matchId, epoch]) => ({ matchId, epoch }));
  }

  /** Keeps this node's lease; a match another node took meanwhile is dropped here. */
  private renew(): Promise<void> {
    const before = new Map(this.owned);
    this.renewing = this.leases.renew(this.held()).then(
      (lost) => {
        for (const matchId of lost)
          // A match that ended or was taken again meanwhile is not lost.
          if (this.owned.get(matchId) === before.get(matchId)) this.lost(matchId);
      },
      (error: unknown) => this.logger.warn({ err: error }, "lease not renewed"),
    );
    return this.renewing;
  }

  /**
   * Another node owns the match now: this one stops it and forgets it. `copy`: the copy that
   * found out (its append refused); an older copy's news does not drop one taken back since.
   */
  private lost(matchId: string, copy?: LiveMatch) {
    const match = this.matches.get(matchId);
    if (copy && match !== copy) return;
    this.owned.delete(matchId);
    this.matches.delete(matchId);
    this.activeAt.delete(matchId);
    this.inviteOnly.delete(matchId);
    this.logger.warn({ matchId }, "match owned by another node now: dropped here");
    // Its subscribers (through the relay, and its bots) follow it where it went.
    void match?.stop().then(() => match.dismiss());
  }

  private async find(matchId: string): Promise<LiveMatch> {
    const match = this.matches.get(matchId) ?? (await this.fetch(matchId));
    if (!match) throw new MatchError("NOT_FOUND", `There is no match ${matchId}.`);
    return match;
  }

  /** A match not in memory (an ended one, evicted), rebuilt for whoever asks about it. */
  private fetch(matchId: string): Promise<LiveMatch | null> {
    let pending = this.loading.get(matchId);
    if (!pending) {
      pending = this.db.match
        .findUnique({ where: { id: matchId }, include: matchInclude })
        .then(async (row) => {
          if (!row) return null;
          // An unfinished match is played where its lease is; an ended one is only read.
          // A match already held here (being brought) is not taken again: its epoch stays.
          if (
            row.status !== "ENDED" &&
            !this.owned.has(row.id) &&
            !(await this.take([row.id])).has(row.id)
          )
            throw new NotOwner();
          if (row.status !== "ENDED") return (await this.bring([row]))[0]!;
          const match = await this.load(row);
          this.deps.onEnded(match);
          return match;
        })
        .finally(() => this.loading.delete(matchId));
      this.loading.set(matchId, pending);
    }
    return pending;
  }

  private async load(row: MatchRow): Promise<LiveMatch> {
    const parts = this.partsOf(row.id);
    const entries = await parts.store.entries();
    const rules = rulesFor(specOf(row));
    return this.add(LiveMatch.replay(this.deps, parts, infoOf(row), rules, row.seed, entries), row);
  }

  /**
   * A match's store on the site's database, appending under this node's lease (an ended
   * match's none: it appends nothing), and its clock (a restart resumes a fast one at 1).
   */
  private partsOf(matchId: string, clockScale = 1): MatchParts {
    return {
      store: new PrismaMatchStore(this.db, this.log, matchId, this.owned.get(matchId) ?? 0),
      clock: new WallClock(clockScale),
    };
  }
}

/** Which seat's stream a subscriber follows: its player's own (it must hold one), or the spectators' (null). */
function followerSeat(match: LiveMatch, { userId }: FollowRequest): number | null {
  if (userId === null) return null;
  const seat = match.seatOf(userId);
  if (seat === null)
    throw new MatchError("FORBIDDEN", "You have no seat at this table: watch it instead.");
  return seat;
}

/** `work`, or a rejection once `ms` have passed without its answer. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

// Next bundles route handlers apart from the server tsx loads: one registry per process.
const shared = globalThis as typeof globalThis & { machiaveloxLiveMatches?: LiveMatches };

/** The settings of live play: the test servers' fixed deal, bots' pace and fast clock. */
export type LiveSettings = Pick<
  Env,
  "DEAL_SEED" | "BOT_REACTION_SCALE" | "MATCH_CLOCK_SCALE" | "NODE_ID"
>;

/** Starts the live matches; `settings` default to an empty environment's (real play). */
export async function startLiveMatches(
  db: Db,
  logger: Logger,
  settings?: LiveSettings,
  /** The site's Redis, when this node is one of several (REDIS_URL). */
  redis?: Redis,
): Promise<LiveMatches> {
  const registry = new LiveMatches(db, logger.child({ module: "live" }), settings);
  // Before the restore: the followers of the matches it takes over hear of it.
  if (redis) await registry.joinSite(redis);
  const restored = await registry.restore();
  if (restored > 0) logger.info(`resumed ${restored} unfinished matches from their logs`);
  registry.startTimers();
  shared.machiaveloxLiveMatches = registry;
  return registry;
}

/** This process's live matches, if they run here. */
export function runningLiveMatches(): LiveMatches | undefined {
  return shared.machiaveloxLiveMatches;
}

export function liveMatches(): LiveMatches {
  const registry = shared.machiaveloxLiveMatches;
  if (!registry)
    throw new MatchError("SERVICE_UNAVAILABLE", "Live matches are not running on this server.");
  return registry;
}
