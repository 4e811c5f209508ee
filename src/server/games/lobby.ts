// Friendly games (§13): a single hand, or a long game to 150 points. The creator opens a live
// match (seat 0) with an invitation code; friends join its lobby by link or code and say when
// they are ready, and if the creator wishes, bots fill empty places. Once three are in and all
// the players are ready, the lobby seats them at the live table, whose third seat starts the
// game. Who sits in a lobby lives in memory, on the node that owns the match: every lobby
// request reaches it from any node (registry.atOwner), as a request about the match does.
// After a restart (or a move to another node) the creator is still seated and the others join
// again by the same link.

import { refuse } from "../refusals";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "../db/client";
import { violatesUnique } from "../db/unique";
import type { SessionUser } from "../auth/session";
import { MatchError } from "../matches/errors";
import { liveMatches, runningLiveMatches, type LiveMatches } from "../matches/registry";
import { siteBus } from "../site-bus";
import { type BotLevel, isBotLevel } from "@/bots/policy";
import { DEFAULT_LEVEL, resumePracticeBots } from "../bots/practice";
import { type MatchSpec, specOf } from "../matches/engine";
import { newInviteCode, normalizeCode } from "./codes";
import { live } from "./live";

export type FriendlyKind = "single" | "long";

type Member = { user: SessionUser; ready: boolean };
/** `bots`: the level of each bot the creator added, in order. */
type Lobby = {
  matchId: string;
  /** The table's seats: Machiavelox's three, or the classic game's 2 to 8. */
  seats: number;
  members: Member[];
  bots: BotLevel[];
  seating: Promise<void> | null;
};

export type LobbyView = {
  matchId: string;
  /** The invitation code, for the creator and those in the game only: it is the only way in. */
  code: string | null;
  kind: FriendlyKind;
  /** Machiavelox or classic; the number of places at the table. */
  rules: string;
  seats: number;
  creator: string;
  status: "WAITING" | "PLAYING" | "ENDED";
  /** `level`: a bot's level, null for a player. */
  members: { name: string; ready: boolean; bot: boolean; level: BotLevel | null }[];
  /** Your place in the lobby, or null if you are not in it. */
  you: number | null;
  botsAllowed: boolean;
};

const KINDS = { single: "FRIENDLY_SINGLE", long: "FRIENDLY_LONG" } as const;

const gameSelect = {
  id: true,
  kind: true,
  rules: true,
  seatCount: true,
  status: true,
  inviteCode: true,
  botsAllowed: true,
  creatorId: true,
  creator: { select: { name: true } },
  seats: {
    select: { seat: true, bot: true, user: { select: { id: true, name: true, role: true } } },
  },
} as const;

const notFound = () => refuse("NOT_FOUND", "There is no such game.", "NO_SUCH_GAME");

/** What the owner of a friendly game's match does for its lobby, asked from any node. */
type LobbyHost = {
  join: (matchId: string, user: SessionUser) => Promise<void>;
  ready: (matchId: string, user: SessionUser, ready: boolean) => Promise<LobbyView>;
  bots: (matchId: string, user: SessionUser, change: 1 | -1, level: BotLevel) => Promise<LobbyView>;
  leave: (matchId: string, user: SessionUser) => Promise<void>;
  view: (matchId: string, user: SessionUser) => Promise<LobbyView>;
};
/** A host method's arguments after the match's id. */
type ArgsOf<F> = F extends (matchId: string, ...args: infer A) => unknown ? A : never;

export class Lobbies {
  /** The lobbies of the matches this node owns. */
  private readonly lobbies = new Map<string, Lobby>();

  constructor(
    private readonly db: Db,
    /** None where live matches do not run (a server of pages and accounts only). */
    readonly live: LiveMatches | undefined,
  ) {
    const host: LobbyHost = {
      join: (matchId, user) => this.joinHere(matchId, user),
      ready: (matchId, user, ready) => this.readyHere(matchId, user, ready),
      bots: (matchId, user, change, level) => this.botsHere(matchId, user, change, level),
      leave: (matchId, user) => this.leaveHere(matchId, user),
      view: (matchId, user) => this.viewHere(matchId, user),
    };
    live?.host("lobby", host);
    // Which lobbies a deleted player waits in only their owners know: each node looks in its own.
    siteBus().handle("account-deleted", ({ userId }) => this.forgetHere(userId));
  }

  /** The live matches, or their refusal where none run. */
  private registry(): LiveMatches {
    return this.live ?? liveMatches();
  }

  /** Runs a lobby request on the node that owns the match; its refusals as tRPC errors. */
  private async atOwner<M extends keyof LobbyHost>(
    method: M,
    matchId: string,
    ...args: ArgsOf<LobbyHost[M]>
  ): Promise<Awaited<ReturnType<LobbyHost[M]>>> {
    const done = await live(() =>
      this.registry()
        .atOwner(matchId, "lobby", method, args)
        .catch((error: unknown) => {
          // A table gone (expired, removed) is a game that is no more, as the lobby says it.
          if (error instanceof MatchError && error.kind === "NOT_FOUND") throw notFound();
          throw error;
        }),
    );
    return done as Awaited<ReturnType<LobbyHost[M]>>;
  }

  /**
   * Opens the live table with the creator at seat 0, and its invitation code. A classic game
   * (`classic`) is a single round without a target, else played to its target.
   */
  async create(
    user: SessionUser,
    kind: FriendlyKind,
    botsAllowed: boolean,
    classic?: Extract<MatchSpec, { rules: "classic" }>,
    /** The ended game this one is the rematch of: refused (unique) if another click opened it. */
    rematchOf?: string,
  ): Promise<{ matchId: string; code: string }> {
    const gameKind = classic ? (classic.options.target === null ? "single" : "long") : kind;
    for (;;) {
      const code = newInviteCode();
      try {
        // Opened here, so owned here: its lobby starts from the creator's seat (lobbyOf).
        const { matchId } = await live(() =>
          this.registry().open(
            user,
            { kind: KINDS[gameKind], inviteCode: code, creatorId: user.id, botsAllowed, rematchOf },
            classic,
          ),
        );
        return { matchId, code };
      } catch (error) {
        // One code in a billion taken already: draw another.
        if (violatesUnique(error, "inviteCode")) continue;
        throw error;
      }
    }
  }

  /** Joins the lobby of the game with this code (again, harmlessly, if already in). */
  async join(user: SessionUser, typed: string): Promise<{ matchId: string }> {
    const row = await this.db.match.findUnique({
      where: { inviteCode: normalizeCode(typed) },
      select: { id: true },
    });
    if (!row) throw refuse("NOT_FOUND", "No game has this code.", "NO_GAME_WITH_CODE");
    await this.atOwner("join", row.id, user);
    return { matchId: row.id };
  }

  private async joinHere(matchId: string, user: SessionUser): Promise<void> {
    const row = await this.row(matchId);
    if (row.seats.some((seat) => seat.user?.id === user.id)) return;
    if (row.status !== "WAITING")
      throw refuse("CONFLICT", "This game has started without you.", "GAME_STARTED_WITHOUT_YOU");
    const lobby = this.lobbyOf(row);
    if (!lobby.members.some((member) => member.user.id === user.id)) {
      if (lobby.members.length + lobby.bots.length >= lobby.seats)
        throw refuse("CONFLICT", "This game has all its players already.", "GAME_FULL");
      lobby.members.push({ user, ready: false });
      this.registry().touch(row.id);
    }
  }

  /**
   * Another game like an ended one, with the same players: the first to ask opens its lobby
   * (with the same bots, at their levels), the others who ask join it. The rematch is recorded
   * on the new game (rematchOf, unique): two clicks on two nodes at once open one game.
   */
  async rematch(user: SessionUser, endedId: string): Promise<{ matchId: string }> {
    const ended = await this.db.match.findUnique({
      where: { id: endedId },
      select: {
        kind: true,
        status: true,
        botsAllowed: true,
        rules: true,
        seatCount: true,
        options: true,
        seats: { select: { userId: true, bot: true } },
      },
    });
    const friendly = ended?.kind === "FRIENDLY_SINGLE" || ended?.kind === "FRIENDLY_LONG";
    if (!ended || !friendly || !ended.seats.some((seat) => seat.userId === user.id))
      throw notFound();
    if (ended.status !== "ENDED")
      throw refuse("CONFLICT", "This match is still going on.", "MATCH_STILL_LIVE");
    const kind = ended.kind === "FRIENDLY_LONG" ? "long" : "single";
    // The same game again: a classic rematch keeps its players' count and options.
    const spec = specOf(ended);
    const classic = spec.rules === "classic" ? spec : undefined;
    let matchId: string;
    for (;;) {
      const open = await this.db.match.findUnique({
        where: { rematchOf: endedId },
        select: { inviteCode: true },
      });
      if (open?.inviteCode) return this.join(user, open.inviteCode);
      try {
        ({ matchId } = await this.create(user, kind, ended.botsAllowed, classic, endedId));
        break;
      } catch (error) {
        // Another click opened it meanwhile: join that one.
        if (violatesUnique(error, "rematchOf")) continue;
        throw error;
      }
    }
    for (const seat of ended.seats)
      if (seat.bot)
        await this.bots(user, matchId, 1, isBotLevel(seat.bot) ? seat.bot : DEFAULT_LEVEL);
    return { matchId };
  }

  /** Says you are ready (or not yet); the last of three to be ready starts the game. */
  ready(user: SessionUser, matchId: string, ready: boolean): Promise<LobbyView> {
    return this.atOwner("ready", matchId, user, ready);
  }

  private async readyHere(matchId: string, user: SessionUser, ready: boolean): Promise<LobbyView> {
    const row = await this.row(matchId);
    const lobby = this.lobbyOf(row);
    const member = lobby.members.find((one) => one.user.id === user.id);
    if (!member) throw refuse("FORBIDDEN", "Join the game first.", "JOIN_FIRST");
    if (row.status === "WAITING" && !lobby.seating) {
      member.ready = ready;
      this.registry().touch(matchId);
      this.startIfReady(lobby);
    }
    await lobby.seating;
    return this.viewHere(matchId, user);
  }

  /** The creator adds a bot of `level` to an empty place (`+1`) or takes the last one away (`-1`). */
  bots(
    user: SessionUser,
    matchId: string,
    change: 1 | -1,
    level: BotLevel = "medium",
  ): Promise<LobbyView> {
    return this.atOwner("bots", matchId, user, change, level);
  }

  private async botsHere(
    matchId: string,
    user: SessionUser,
    change: 1 | -1,
    level: BotLevel,
  ): Promise<LobbyView> {
    const row = await this.row(matchId);
    if (row.creatorId !== user.id)
      throw refuse("FORBIDDEN", "Only the game's creator adds bots.", "ONLY_CREATOR_ADDS_BOTS");
    if (!row.botsAllowed)
      throw refuse("FORBIDDEN", "This game was created without bots.", "GAME_WITHOUT_BOTS");
    const lobby = this.lobbyOf(row);
    if (row.status !== "WAITING" || lobby.seating)
      throw refuse("CONFLICT", "The game has started.", "GAME_STARTED");
    const bots = change > 0 ? [...lobby.bots, level] : lobby.bots.slice(0, -1);
    if (bots.length === lobby.bots.length || lobby.members.length + bots.length > lobby.seats)
      throw change > 0
        ? refuse("CONFLICT", "There is no empty place left.", "NO_PLACE_LEFT")
        : refuse("CONFLICT", "There is no bot to take away.", "NO_BOT_TO_REMOVE");
    lobby.bots = bots;
    this.registry().touch(matchId);
    this.startIfReady(lobby);
    await lobby.seating;
    return this.viewHere(matchId, user);
  }

  /** Leaves the lobby before the game starts; the creator cannot (the table is theirs). */
  leave(user: SessionUser, matchId: string): Promise<void> {
    return this.atOwner("leave", matchId, user);
  }

  private async leaveHere(matchId: string, user: SessionUser): Promise<void> {
    const row = await this.row(matchId);
    const lobby = this.lobbyOf(row);
    if (row.seats.some((seat) => seat.user?.id === user.id))
      throw refuse(
        "CONFLICT",
        "You are seated at this table: leave from the table instead.",
        "SEATED_LEAVE_FROM_TABLE",
      );
    lobby.members = lobby.members.filter((member) => member.user.id !== user.id);
    this.registry().touch(matchId);
  }

  /**
   * A deleted account leaves every lobby it waits in, on every node (the tables it sits at go
   * with removeWaiting).
   */
  forget(userId: string): void {
    siteBus().send("account-deleted", { userId });
  }

  private forgetHere(userId: string): void {
    for (const lobby of this.lobbies.values()) {
      if (lobby.seating || !lobby.members.some((member) => member.user.id === userId)) continue;
      lobby.members = lobby.members.filter((member) => member.user.id !== userId);
      this.registry().touch(lobby.matchId);
    }
  }

  view(user: SessionUser, matchId: string): Promise<LobbyView> {
    return this.atOwner("view", matchId, user);
  }

  private async viewHere(matchId: string, user: SessionUser): Promise<LobbyView> {
    const row = await this.row(matchId);
    const kind = row.kind === "FRIENDLY_LONG" ? "long" : "single";
    const members =
      row.status === "WAITING"
        ? [
            ...this.lobbyOf(row).members.map(({ user: one, ready }) => ({
              id: one.id,
              name: one.name,
              ready,
              bot: false,
              level: null,
            })),
            ...this.lobbyOf(row).bots.map((level, bot) => ({
              id: null,
              name: `Bot ${bot + 1}`,
              ready: true,
              bot: true,
              level,
            })),
          ]
        : [...row.seats]
            .sort((a, b) => a.seat - b.seat)
            .map((seat) => ({
              id: seat.user?.id ?? null,
              name: seat.user?.name ?? `Bot ${seat.seat}`,
              ready: true,
              bot: !seat.user,
              level: seat.user ? null : (seat.bot as BotLevel),
            }));
    const you = members.findIndex((member) => member.id === user.id);
    const insider = you >= 0 || row.creatorId === user.id;
    return {
      matchId: row.id,
      code: insider ? row.inviteCode : null,
      kind,
      rules: row.rules,
      seats: row.seatCount,
      creator: row.creator?.name ?? "",
      status: row.status,
      members: members.map(({ name, ready, bot, level }) => ({ name, ready, bot, level })),
      you: you < 0 ? null : you,
      botsAllowed: row.botsAllowed,
    };
  }

  private async row(matchId: string) {
    const row = await this.db.match.findUnique({ where: { id: matchId }, select: gameSelect });
    if (!row?.inviteCode) {
      this.lobbies.delete(matchId);
      throw notFound();
    }
    // A game started, ended or expired has no lobby any more.
    if (row.status !== "WAITING") this.lobbies.delete(row.id);
    return row;
  }

  /** The lobby in memory, rebuilt from the seats already taken after a restart. */
  private lobbyOf(row: Prisma.MatchGetPayload<{ select: typeof gameSelect }>): Lobby {
    let lobby = this.lobbies.get(row.id);
    if (!lobby) {
      const members = row.seats.flatMap((seat) =>
        seat.user ? [{ user: seat.user, ready: false }] : [],
      );
      lobby = { matchId: row.id, seats: row.seatCount, members, bots: [], seating: null };
      this.lobbies.set(row.id, lobby);
    }
    return lobby;
  }

  private startIfReady(lobby: Lobby): void {
    const full = lobby.members.length + lobby.bots.length === lobby.seats;
    if (full && lobby.members.every((one) => one.ready)) lobby.seating = this.seat(lobby);
  }

  /** Seats the players in lobby order, then the bots; the third seat starts the game. */
  private async seat(lobby: Lobby): Promise<void> {
    try {
      const registry = this.registry();
      // Refusals as the live server gives them: the relay carries them to the asker (atOwner).
      for (const { user } of lobby.members) await registry.seat(user, lobby.matchId);
      for (const level of lobby.bots) await registry.joinBot(lobby.matchId, level);
      if (lobby.bots.length > 0) resumePracticeBots(registry);
      this.lobbies.delete(lobby.matchId);
    } finally {
      lobby.seating = null;
    }
  }
}

// Next bundles route handlers apart from the server tsx loads: one set of lobbies per process.
const shared = globalThis as typeof globalThis & { machiaveloxLobbies?: Lobbies };

/** This process's lobbies, hosted by its live matches (started again with them). */
export function lobbies(db: Db): Lobbies {
  const registry = runningLiveMatches();
  const known = shared.machiaveloxLobbies;
  if (known && known.live === registry) return known;
  return (shared.machiaveloxLobbies = new Lobbies(db, registry));
}
