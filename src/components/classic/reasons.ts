// The engine's verdicts on a combination or a failed move are written in English, in the
// players' words ("two 7♥ in one set"): a diagnostic. Players read them from the catalog
// (`classic.verdicts`), matched here by the engine's sentence and said with its parts; the card
// labels inside (7♥, K-A-2) are the same in both languages but for the joker's name. A sentence
// this table does not know is shown as the engine wrote it.

import type { Translator } from "@/i18n/types";

type Verdict =
  | "tooFew"
  | "oneJoker"
  | "neither"
  | "twoInSet"
  | "setTooLong"
  | "twoInRun"
  | "runTooLong"
  | "aceLow"
  | "corner"
  | "gap"
  | "notOpened"
  | "openingFromHand"
  | "openingWorth";

/** Each verdict: the engine's sentence, its key in `classic.verdicts`, and its parts' names. */
const VERDICTS: [RegExp, Verdict, string[]][] = [
  [/^a combination needs at least (\d+) cards: (.*)$/, "tooFew", ["n", "cards"]],
  [/^only one joker per combination: (.*)$/, "oneJoker", ["cards"]],
  [/^(.*) is neither a set \(one rank\) nor a run \(one suit\)$/, "neither", ["cards"]],
  [/^two (.*) in one set$/, "twoInSet", ["card"]],
  [/^a set has at most (\d+) cards: (.*)$/, "setTooLong", ["n", "cards"]],
  [/^two (.*) in one run$/, "twoInRun", ["card"]],
  [/^a run has at most (\d+) cards: (.*)$/, "runTooLong", ["n", "cards"]],
  [/^the Ace is low only in this game: (.*) is not a run$/, "aceLow", ["cards"]],
  [/^(.*) is not a run: it turns the corner$/, "corner", ["cards"]],
  [/^(.*) is not a run: the ranks are not consecutive$/, "gap", ["cards"]],
  [
    /^before your opening of (\d+) points you may not add to or rearrange the table's combinations$/,
    "notOpened",
    ["n"],
  ],
  [/^your opening is laid from your own hand: no face-up cards$/, "openingFromHand", []],
  [/^your opening is worth (\d+) points: it needs (\d+)$/, "openingWorth", ["points", "n"]],
];

/** A list of cards as the engine wrote it, with the joker named in the reader's language. */
function cardsIn(t: Translator, cards: string): string {
  if (cards === "empty") return t("classic.verdictWords.empty");
  return cards.replace(/\bjoker\b/g, t("classic.verdictWords.joker"));
}

/** The engine's verdict in the player's language. */
export function reasonIn(t: Translator, reason: string): string {
  for (const [pattern, key, names] of VERDICTS) {
    const match = pattern.exec(reason);
    if (!match) continue;
    const parts = names.map((name, i) => {
      const part = match[i + 1]!;
      return [name, name === "cards" ? cardsIn(t, part) : part];
    });
    return t(`classic.verdicts.${key}`, Object.fromEntries(parts));
  }
  return reason;
}
