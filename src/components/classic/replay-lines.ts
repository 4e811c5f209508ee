// A classic replay's step said in words: what the step's events made happen, as a
// spectator saw it. Apart from the replay's table, so the page's first load stays small.

import { type Seat } from "@/engine";
import { type ClassicEvent } from "@/engine/classic";
import type { Locale } from "@/i18n/locale";
import type { Messages } from "@/i18n/messages";
import { failedMoves } from "./moves";
import { reasonIn } from "./reasons";

/** One line per event the players would want told; a failed move once, with its penalty. */
export function classicStepLines(
  t: Messages,
  locale: Locale,
  events: readonly ClassicEvent[],
  nameOf: (seat: Seat) => string,
): string[] {
  const n = t.classic.news;
  const e = t.classic.end;
  const lines = failedMoves(events).map((failed) =>
    n.failed(nameOf(failed.seat), reasonIn(locale, failed.reason), failed.penalty, false),
  );
  for (const event of events) {
    switch (event.type) {
      case "played":
        lines.push(n.played(nameOf(event.seat), event.fromHand.length + event.fromFaceUp.length));
        break;
      case "drew":
        if (event.cause === "draw") lines.push(n.drew(nameOf(event.seat)));
        break;
      case "passed":
        lines.push(n.passed(nameOf(event.seat)));
        break;
      case "timeUp":
        lines.push(n.timeUp(nameOf(event.seat)));
        break;
      case "roundOver":
        lines.push(
          event.draw !== null || event.winner === null
            ? e.draw
            : event.reason === "out"
              ? e.out(nameOf(event.winner))
              : e.blocked(nameOf(event.winner)),
        );
        break;
      case "gameOver":
        lines.push(
          event.winner !== null
            ? e.winner(nameOf(event.winner))
            : e.tie((event.draw ?? []).map(nameOf).join(", ")),
        );
        break;
    }
  }
  return lines;
}

/** A logged command in words; `bot` when a bot played it for the seat. */
export function classicCommandWord(t: Messages, command: string, bot: boolean): string {
  const words = t.classic.replay.commands;
  const word = Object.hasOwn(words, command) ? words[command]! : command;
  return bot ? t.classic.replay.byBot(word) : word;
}
