// Hand history: who may look at a finished match, and its replay one step at a time.

import { refuse } from "../refusals";
import type { Db } from "../db/client";
import { seatsWithNames } from "./profile";
import type { LogEntry } from "../matches/event-log";
import { replayMatch, spectatorStep, stepAt, type Replayed } from "./replay";

/** Presence comes and goes by itself: not a move anyone made. */
const PRESENCE = new Set(["disconnect", "reconnect"]);

/** A logged command's name; a bot's step for a classic seat is named by what it did. */
function actionOf(command: LogEntry["command"]): { do: string; bot: boolean } {
  const inner = command.do === "bot" ? (command as { command?: { do?: unknown } }).command : null;
  return typeof inner?.do === "string"
    ? { do: inner.do, bot: true }
    : { do: command.do, bot: false };
}

/** Replays kept in memory, so stepping through one does not replay it again each time. */
const KEPT = 16;
const shared = globalThis as typeof globalThis & { machiaveloxReplays?: Map<string, Replayed> };
const kept = (shared.machiaveloxReplays ??= new Map());

/**
 * The player's finished games, newest first: either game, each with its seats' totals
 * (Machiavelox points, or classic penalty points: `rules` says which).
 */
export function finishedGames(db: Db, userId: string) {
  return db.match.findMany({
    where: { status: "ENDED", seats: { some: { userId } } },
    orderBy: { endedAt: "desc" },
    take: 50,
    select: {
      id: true,
      kind: true,
      rules: true,
      endedAt: true,
      endedReason: true,
      seats: {
        orderBy: { seat: "asc" },
        select: {
          seat: true,
          bot: true,
          points: true,
          won: true,
          user: { select: { name: true } },
        },
      },
    },
  });
}

/** Competitive hands are public; friendly and practice ones only for who played them. */
export async function visibleMatch(db: Db, matchId: string, viewerId: string | null) {
  const match = await db.match.findUnique({
    where: { id: matchId },
    select: {
      id: true,
      kind: true,
      rules: true,
      status: true,
      endedAt: true,
      endedReason: true,
      seats: seatsWithNames,
      hands: { orderBy: { number: "asc" } },
    },
  });
  const participant = match?.seats.some((seat) => seat.userId !== null && seat.userId === viewerId);
  if (!match || (match.kind !== "COMPETITIVE" && !participant))
    throw refuse("NOT_FOUND", "There is no such match you may see.", "NO_MATCH_TO_SEE");
  if (match.status !== "ENDED")
    throw refuse("CONFLICT", "This match is still going on: watch it live.", "MATCH_STILL_LIVE");
  return match;
}

async function replayed(db: Db, matchId: string): Promise<Replayed> {
  let replay = kept.get(matchId);
  if (!replay) {
    const fresh = await replayMatch(db, matchId);
    if (!fresh) throw refuse("NOT_FOUND", "This match was never dealt.", "NEVER_DEALT");
    replay = fresh;
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    kept.set(matchId, replay);
  }
  return replay;
}

export async function replayInfo(db: Db, matchId: string, viewerId: string | null) {
  const match = await visibleMatch(db, matchId, viewerId);
  const { entries } = await replayed(db, matchId);
  return {
    match: {
      ...match,
      // A bot's level goes apart, for the page to name it in the reader's words.
      seats: match.seats.map(({ seat, bot, points, user }) => ({
        seat,
        name: user?.name ?? `Bot ${seat}`,
        bot,
        points,
      })),
    },
    steps: entries.length + 1,
    /** The steps that are a player's own move, for the viewer to go from one to the next. */
    moves: entries.flatMap((entry, index) =>
      entry.seat !== null && !PRESENCE.has(entry.command.do) ? [index + 1] : [],
    ),
  };
}

/** The table at step `step` (0: the deal), as a spectator saw it, and what happened there. */
export async function replayStep(db: Db, matchId: string, viewerId: string | null, step: number) {
  await visibleMatch(db, matchId, viewerId);
  const replay = await replayed(db, matchId);
  const { entries } = replay;
  const at = stepAt(replay, step);
  if (!at)
    throw refuse(
      "BAD_REQUEST",
      `This match has steps 0 to ${entries.length}.`,
      "NO_SUCH_STEP",
      entries.length,
    );
  const entry = step > 0 ? entries[step - 1]! : null;
  return {
    step,
    ...spectatorStep(replay.rules, at.state),
    action: entry && { seat: entry.seat, ...actionOf(entry.command), at: entry.virtualMs },
    /** What the step made happen, as a spectator saw it (nobody's drawn card). */
    events: replay.rules.projectEvents(at.events, null),
  };
}
