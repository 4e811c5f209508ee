// The engine's verdicts on a combination or a failed move are written in English, in
// the players' words ("two 7♥ in one set"). Italian players read them through this
// table of the engine's sentences; the card labels inside (7♥, K-A-2) are the same in
// both languages. A sentence the table does not know is shown as the engine wrote it.

import type { Locale } from "@/i18n/locale";

type Rule = [RegExp, (...parts: string[]) => string];

const joker = (cards: string) => cards.replace(/\bjoker\b/g, "jolly");

const ITALIAN: Rule[] = [
  [
    /^a combination needs at least (\d+) cards: (.*)$/,
    (n, c) =>
      `una combinazione ha almeno ${n} carte: ${joker(c!) === "empty" ? "vuota" : joker(c!)}`,
  ],
  [/^only one joker per combination: (.*)$/, (c) => `un solo jolly per combinazione: ${joker(c!)}`],
  [
    /^(.*) is neither a set \(one rank\) nor a run \(one suit\)$/,
    (c) => `${joker(c!)} non è né un tris/poker (un valore) né una scala (un seme)`,
  ],
  [/^two (.*) in one set$/, (c) => `due ${c} nello stesso tris/poker`],
  [
    /^a set has at most (\d+) cards: (.*)$/,
    (n, c) => `un tris/poker ha al massimo ${n} carte: ${joker(c!)}`,
  ],
  [/^two (.*) in one run$/, (c) => `due ${c} nella stessa scala`],
  [
    /^a run has at most (\d+) cards: (.*)$/,
    (n, c) => `una scala ha al massimo ${n} carte: ${joker(c!)}`,
  ],
  [
    /^the Ace is low only in this game: (.*) is not a run$/,
    (c) => `in questa partita l'Asso vale solo uno: ${joker(c!)} non è una scala`,
  ],
  [/^(.*) is not a run: it turns the corner$/, (c) => `${c} non è una scala: gira l'angolo`],
  [
    /^(.*) is not a run: the ranks are not consecutive$/,
    (c) => `${joker(c!)} non è una scala: i valori non sono consecutivi`,
  ],
  [
    /^before your opening of (\d+) points you may not add to or rearrange the table's combinations$/,
    (n) =>
      `prima della tua apertura da ${n} punti non puoi aggiungere né riordinare le combinazioni in tavola`,
  ],
  [
    /^your opening is laid from your own hand: no face-up cards$/,
    () => "l'apertura si fa con le carte della tua mano: niente carte scoperte",
  ],
  [
    /^your opening is worth (\d+) points: it needs (\d+)$/,
    (p, n) => `la tua apertura vale ${p} punti: ne servono ${n}`,
  ],
];

/** The engine's verdict in the player's language. */
export function reasonIn(locale: Locale, reason: string): string {
  if (locale === "en") return reason;
  for (const [pattern, say] of ITALIAN) {
    const match = pattern.exec(reason);
    if (match) return say(...match.slice(1));
  }
  return reason;
}
