// Friendly games (§13): a single hand, or a long game to 150 points. The creator opens a live
// match (seat 0) with an invitation code; friends join its lobby by link or code and say when
// they are ready, and if the creator wishes, bots fill empty places. Once three are in and all
// the players are ready, the lobby seats them at the live table, whose third seat starts the
// game. Who sits in a lobby lives in memory: after a restart the creator is still seated and
// the others join again by the same link.

import { refuse } from "../refusals";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session";
import { liveMatches } from "../matches/registry";
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

/** Rematches remembered at once; the oldest is forgotten first (its lobby stays open by code). */
const REMATCHES_KEPT = 1_000;

export class Lobbies {
  private readonly lobbies = new Map<string, Lobby>();
  /** An ended game's id → the lobby of its rematch, so every player's click meets in one. */
  private readonly rematches = new Map<string, string>();

  constructor(private readonly db: Db) {}

  /**
   * Opens the live table with the creator at seat 0, and its invitation code. A classic game
   * (`classic`) is a single round without a target, else played to its target.
   */
  async create(
    user: SessionUser,
    kind: FriendlyKind,
    botsAllowed: boolean,
    classic?: Extract<MatchSpec, { rules: "classic" }>,
  ): Promise<{ matchId: string; code: string }> {
    const gameKind = classic ? (classic.options.target === null ? "single" : "long") : kind;
    for (;;) {
      const code = newInviteCode();
      try {
        const { matchId } = await live(() =>
          liveMatches().open(
            user,
            { kind: KINDS[gameKind], inviteCode: code, creatorId: user.id, botsAllowed },
            classic,
          ),
        );
        const members = [{ user, ready: false }];
        const seats = classic?.players ?? 3;
        this.lobbies.set(matchId, { matchId, seats, members, bots: [], seating: null });
        return { matchId, code };
      } catch (error) {
        // One code in a billion taken already: draw another.
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
          continue;
        throw error;
      }
    }
  }

  /** Joins the lobby of the game with this code (again, harmlessly, if already in). */
  async join(user: SessionUser, typed: string): Promise<{ matchId: string }> {
    const row = await this.db.match.findUnique({
      where: { inviteCode: normalizeCode(typed) },
      select: gameSelect,
    });
    if (!row) throw refuse("NOT_FOUND", "No game has this code.", "NO_GAME_WITH_CODE");
    if (row.seats.some((seat) => seat.user?.id === user.id)) return { matchId: row.id };
    if (row.status !== "WAITING")
      throw refuse("CONFLICT", "This game has started without you.", "GAME_STARTED_WITHOUT_YOU");
    const lobby = this.lobbyOf(row);
    if (!lobby.members.some((member) => member.user.id === user.id)) {
      if (lobby.members.length + lobby.bots.length >= lobby.seats)
        throw refuse("CONFLICT", "This game has all its players already.", "GAME_FULL");
      lobby.members.push({ user, ready: false });
      liveMatches().touch(row.id);
    }
    return { matchId: row.id };
  }

  /**
   * Another game like an ended one, with the same players: the first to ask opens its lobby
   * (with the same bots, at their levels), the others who ask join it.
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
    const open = this.rematches.get(endedId);
    if (open) {
      const row = await this.db.match.findUnique({
        where: { id: open },
        select: { inviteCode: true },
      });
      if (row?.inviteCode) return this.join(user, row.inviteCode);
    }
    const kind = ended.kind === "FRIENDLY_LONG" ? "long" : "single";
    // The same game again: a classic rematch keeps its players' count and options.
    const spec = specOf(ended);
    const classic = spec.rules === "classic" ? spec : undefined;
    const { matchId } = await this.create(user, kind, ended.botsAllowed, classic);
    if (this.rematches.size >= REMATCHES_KEPT)
      this.rematches.delete(this.rematches.keys().next().value!);
    this.rematches.set(endedId, matchId);
    for (const seat of ended.seats)
      if (seat.bot)
        await this.bots(user, matchId, 1, isBotLevel(seat.bot) ? seat.bot : DEFAULT_LEVEL);
    return { matchId };
  }

  /** Says you are ready (or not yet); the last of three to be ready starts the game. */
  async ready(user: SessionUser, matchId: string, ready: boolean): Promise<LobbyView> {
    const row = await this.row(matchId);
    const lobby = this.lobbyOf(row);
    const member = lobby.members.find((one) => one.user.id === user.id);
    if (!member) throw refuse("FORBIDDEN", "Join the game first.", "JOIN_FIRST");
    if (row.status === "WAITING" && !lobby.seating) {
      member.ready = ready;
      liveMatches().touch(matchId);
      this.startIfReady(lobby);
    }
    await lobby.seating;
    return this.view(user, matchId);
  }

  /** The creator adds a bot of `level` to an empty place (`+1`) or takes the last one away (`-1`). */
  async bots(
    user: SessionUser,
    matchId: string,
    change: 1 | -1,
    level: BotLevel = "medium",
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
    liveMatches().touch(matchId);
    this.startIfReady(lobby);
    await lobby.seating;
    return this.view(user, matchId);
  }

  /** Leaves the lobby before the game starts; the creator cannot (the table is theirs). */
  async leave(user: SessionUser, matchId: string): Promise<void> {
    const row = await this.row(matchId);
    const lobby = this.lobbyOf(row);
    if (row.seats.some((seat) => seat.user?.id === user.id))
      throw refuse(
        "CONFLICT",
        "You are seated at this table: leave from the table instead.",
        "SEATED_LEAVE_FROM_TABLE",
      );
    lobby.members = lobby.members.filter((member) => member.user.id !== user.id);
    liveMatches().touch(matchId);
  }

  /** A deleted account leaves every lobby it waits in (the tables it sits at go with removeWaiting). */
  forget(userId: string): void {
    for (const lobby of this.lobbies.values()) {
      if (lobby.seating || !lobby.members.some((member) => member.user.id === userId)) continue;
      lobby.members = lobby.members.filter((member) => member.user.id !== userId);
      liveMatches().touch(lobby.matchId);
    }
  }

  async view(user: SessionUser, matchId: string): Promise<LobbyView> {
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
      const registry = liveMatches();
      for (const { user } of lobby.members) await live(() => registry.seat(user, lobby.matchId));
      for (const level of lobby.bots) await live(() => registry.joinBot(lobby.matchId, level));
      if (lobby.bots.length > 0) resumePracticeBots(registry);
      this.lobbies.delete(lobby.matchId);
    } finally {
      lobby.seating = null;
    }
  }
}

// Next bundles route handlers apart from the server tsx loads: one set of lobbies per process.
const shared = globalThis as typeof globalThis & { machiaveloxLobbies?: Lobbies };

export function lobbies(db: Db): Lobbies {
  return (shared.machiaveloxLobbies ??= new Lobbies(db));
}
