// A classic replay's step said in words: what the step's events made happen, as a
// spectator saw it. Apart from the replay's table, so the page's first load stays small.

import { type Seat } from "@/engine";
import { type ClassicEvent } from "@/engine/classic";
import { wordFor } from "@/i18n/errors";
import type { Translator } from "@/i18n/types";
import { failedMoves } from "./moves";
import { reasonIn } from "./reasons";

/** One line per event the players would want told; a failed move once, with its penalty. */
export function classicStepLines(
  t: Translator,
  events: readonly ClassicEvent[],
  nameOf: (seat: Seat) => string,
): string[] {
  const lines = failedMoves(events).map((failed) =>
    t("classic.news.failed", {
      who: nameOf(failed.seat),
      reason: reasonIn(t, failed.reason),
      penalty: failed.penalty,
      own: "false",
    }),
  );
  for (const event of events) {
    switch (event.type) {
      case "played":
        lines.push(
          t("classic.news.played", {
            who: nameOf(event.seat),
            n: event.fromHand.length + event.fromFaceUp.length,
          }),
        );
        break;
      case "drew":
        if (event.cause === "draw") lines.push(t("classic.news.drew", { who: nameOf(event.seat) }));
        break;
      case "passed":
        lines.push(t("classic.news.passed", { who: nameOf(event.seat) }));
        break;
      case "timeUp":
        lines.push(t("classic.news.timeUp", { who: nameOf(event.seat) }));
        break;
      case "absentOut":
        lines.push(t("classic.news.absentOut", { who: nameOf(event.seat) }));
        break;
      case "roundOver":
        lines.push(
          event.draw !== null || event.winner === null
            ? t("classic.end.draw")
            : event.reason === "out"
              ? t("classic.end.out", { who: nameOf(event.winner) })
              : t("classic.end.blocked", { who: nameOf(event.winner) }),
        );
        break;
      case "gameOver":
        lines.push(
          event.winner !== null
            ? t("classic.end.winner", { who: nameOf(event.winner) })
            : t("classic.end.tie", { who: (event.draw ?? []).map(nameOf).join(", ") }),
        );
        break;
    }
  }
  return lines;
}

/** A logged command in words; `bot` when a bot played it for the seat. */
export function classicCommandWord(t: Translator, command: string, bot: boolean): string {
  const word = wordFor(t, "classic.replay.commands", command) ?? command;
  return bot ? t("classic.replay.byBot", { what: word }) : word;
}
