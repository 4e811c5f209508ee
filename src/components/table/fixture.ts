// A hand in full swing, built by the real engine from literals: the table preview
// page and the UI tests render it, so the table is seen with every mark at once
// (cards on trial, a held card, an open play's area, a not-yet-safe meld).

import {
  type CardId,
  cards,
  type Command,
  apply,
  newHand,
  type HandState,
  type Seat,
} from "@/engine";

/** Card literals across all lists: a name seen again is the other copy. */
export function resolver() {
  const used = new Map<CardId, number>();
  return (literal: string) =>
    cards(literal).map((card) => {
      const copy = used.get(card) ?? 0;
      used.set(card, copy + 1);
      return card + copy * 52;
    });
}

export const PREVIEW_NAMES = ["Ada", "Bruno", "Chiara"];

/** Seat 0 has confirmed a direct add (not yet safe); seat 1 declared J♠ and holds 10♠; seat 2 has K♦ on trial in a wounded set. */
export function previewHand(): HandState {
  const r = resolver();
  const created = newHand({
    now: 0,
    setup: {
      removed: r("QS 3C"),
      table: ["4C 5C 6C", "JH QH KH", "9S 9H 9D", "AD 2D 3D 4D", "7S 8S 9S 10S", "5H 5S 5C"].map(r),
      hands: ["7C 8C 2H 2S 2D 10H 10D KS 6H 7H QC", "JS 8D", "5D 4H KD"].map(r),
      stocks: ["AS 3S 4S 6S 7D 8H", "AC 2C", "3H 6D 9C"].map(r),
      achieved: [{ drawn: true }, { drawn: true }, { drawn: true }],
    },
  });
  if (!created.ok) throw new Error(created.error);
  const c = (literal: string) => cards(literal)[0]!;
  const steps: [Seat, Command, number][] = [
    [0, { do: "add", card: c("7C"), meld: 1 }, 1000],
    [1, { do: "stage", card: c("JS") }, 3000],
    [1, { do: "take", card: c("10S"), meld: 5 }, 4000],
    [2, { do: "add", card: c("KD"), meld: 3 }, 5000],
  ];
  let state = created.state;
  for (const [seat, command, at] of steps) {
    const result = apply(state, seat, command, at);
    if (!result.ok) throw new Error(`${JSON.stringify(command)}: ${result.rejection.reason}`);
    state = result.state;
  }
  return state;
}
