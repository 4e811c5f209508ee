// A classic round for the preview page and the tests: either dealt from a seed
// with the variants asked for, or (no variants) laid out so that the first turn
// can show everything at once — a card played to a combination, a rearrangement,
// an invalid combination with its reason, a failed move and its penalty.

import { mulberry32, shuffle } from "@/engine";
import { classicDeck, type Variant, newClassicGame, type ClassicState } from "@/engine/classic";
import { resolver } from "@/components/table/fixture";

export const CLASSIC_PREVIEW_NAMES = ["Ada", "Bruno", "Chiara", "Dario"];
/** The preview's turns last this long, so its clock is seen running. */
export const PREVIEW_TURN_MS = 120_000;

/**
 * You (seat 0) start, with 10♥ for the run 7♥ 8♥ 9♥, 5♥ for the set of fives, 4♦ 6♦
 * around that set's 5♦, and a second 5♦ that makes the set invalid.
 */
export function classicPreviewGame(seed: number, variants: Variant[]): ClassicState {
  const options = { variants, turnLimit: PREVIEW_TURN_MS };
  const players = CLASSIC_PREVIEW_NAMES.length;
  const created =
    variants.length > 0
      ? newClassicGame({ players, seed, now: 0, options, dealer: players - 1 })
      : laidOut(seed, options);
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

function laidOut(seed: number, options: { turnLimit: number }) {
  const r = resolver();
  const table = ["7H 8H 9H", "5S 5D 5C", "JC QC KC"].map(r);
  const mine = r("10H 5H 4D 6D 5D KS 2C 3C 9S JD QS AH 7C");
  const used = new Set([...table.flat(), ...mine]);
  const rest = shuffle(
    classicDeck(false).filter((c) => !used.has(c)),
    mulberry32(seed),
  );
  const hands = [mine, rest.slice(0, 13), rest.slice(13, 26), rest.slice(26, 39)];
  return newClassicGame({
    players: hands.length,
    seed,
    now: 0,
    options,
    setup: { hands, stock: rest.slice(39), table, turn: 0 },
  });
}
