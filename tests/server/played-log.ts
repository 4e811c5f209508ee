// A whole single hand of random players, as its live log: for replay tests and bench:replay-memory.

import { splitGameView } from "@/components/table/game-view";
import { mulberry32 } from "@/engine/rng";
import { randomAction } from "@/engine/testkit";
import {
  advanceGame,
  applyCommand,
  outcomeOf,
  seatView,
  startGame,
  wakeUpAt,
  type GameState,
} from "@/server/matches/engine";
import type { LogEntry } from "@/server/matches/event-log";
import { decideClassicBot, NEW_CLASSIC_MEMORY, type ClassicBotMemory } from "@/bots/classic/policy";
import {
  STANDARD_OPTIONS,
  type ClassicRejection,
  type ClassicState,
  type ClassicView,
} from "@/engine/classic";
import { rulesFor, type MatchSpec } from "@/server/matches/engine";

/** The log entry that follows `entries`, made at match time `now`. */
function nextEntry(
  entries: LogEntry[],
  now: number,
  seat: number | null,
  command: LogEntry["command"],
): LogEntry {
  return {
    matchId: "m",
    seq: entries.length + 1,
    virtualMs: now,
    wallTime: new Date(),
    seat,
    command,
  };
}

/** A whole single hand of random players, as its log. */
export function playedLog(seed: number): LogEntry[] {
  const random = mulberry32(seed);
  let state = startGame(seed, "single");
  let now = 0;
  const entries: LogEntry[] = [];
  const log = (seat: number | null, command: LogEntry["command"], next: GameState) => {
    entries.push(nextEntry(entries, now, seat, command));
    state = next;
  };
  while (!outcomeOf(state) && entries.length < 20_000) {
    let acted = false;
    for (let seat = 0; seat < 3; seat++) {
      const command = randomAction(splitGameView(seatView(state, seat)).hand, random);
      if (!command) continue;
      now += 300;
      const result = applyCommand(state, seat, command, now);
      if (result.ok) {
        log(seat, command, result.state);
        acted = true;
      }
    }
    if (!acted) {
      now = Math.max(now + 1, wakeUpAt(state) ?? now + 1_000);
      log(null, { do: "advance" }, advanceGame(state, now).state);
    }
  }
  return entries;
}

/**
 * A whole classic game of medium bots (three seats, two short rounds), as its live log: seat 0's
 * commands logged as its player's, the others' as a bot's (`{ do: "bot" }`), seat 1 leaving once.
 */
export function playedClassicLog(seed: number): { spec: MatchSpec; entries: LogEntry[] } {
  const spec: MatchSpec = {
    rules: "classic",
    players: 3,
    options: { ...STANDARD_OPTIONS, handSize: 5, target: 6 },
  };
  const rules = rulesFor(spec);
  let state = rules.start(seed) as ClassicState;
  const entries: LogEntry[] = [];
  const memory: ClassicBotMemory[] = [0, 1, 2].map(() => NEW_CLASSIC_MEMORY);
  let refused: ClassicRejection | null = null;
  let now = 0;
  const log = (seat: number, command: LogEntry["command"]) =>
    entries.push(nextEntry(entries, now, seat, command));
  while (state.phase !== "over" && entries.length < 5_000) {
    const seats = state.phase === "turn" ? [state.turn] : [0, 1, 2];
    for (const seat of seats) {
      const decision = decideClassicBot("medium", {
        view: rules.seatView(state, seat) as ClassicView,
        memory: memory[seat]!,
        refused,
      });
      memory[seat] = decision.memory;
      refused = null;
      if (!decision.command) continue;
      now += 500;
      const applied = rules.apply(state, seat, decision.command, now);
      if (!applied.ok) {
        refused = applied.rejection as ClassicRejection;
        continue;
      }
      if (applied.events.some((event) => event.type === "turnStarted"))
        memory.fill(NEW_CLASSIC_MEMORY);
      state = applied.state as ClassicState;
      log(seat, seat === 0 ? decision.command : { do: "bot", command: decision.command });
      if (seat === 1 && !entries.some((entry) => entry.command.do === "leave"))
        log(1, { do: "leave" });
    }
  }
  return { spec, entries };
}
