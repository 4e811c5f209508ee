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

/** A whole single hand of random players, as its log. */
export function playedLog(seed: number): LogEntry[] {
  const random = mulberry32(seed);
  let state = startGame(seed, "single");
  let now = 0;
  const entries: LogEntry[] = [];
  const log = (seat: number | null, command: LogEntry["command"], next: GameState) => {
    entries.push({
      matchId: "m",
      seq: entries.length + 1,
      virtualMs: now,
      wallTime: new Date(),
      seat,
      command,
    });
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
