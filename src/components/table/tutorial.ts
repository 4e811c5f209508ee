// The tutorial: one scripted hand, played on the engine in the browser, that teaches each
// gesture in turn. The two others sit still, so nothing happens that the player did not do;
// each step is done when the table shows its result, whatever gestures got it there.

import { cards, type Command, newHand, type HandState, type HandView } from "@/engine";
import { resolver } from "./fixture";

/** The hand: what the steps below ask for is all there, in the player's hand or stock. */
export function tutorialHand(): HandState {
  const r = resolver();
  const created = newHand({
    now: 0,
    setup: {
      removed: r("QS 3C"),
      table: ["9S 9H 9D 9C", "2S 3S 4S", "JD QD KD"].map(r),
      hands: ["8H 9H 5S 10C JC QC KS KH KC", "AD 6C", "6H 7D"].map(r),
      stocks: ["7H 2H 3H", "4H 5C", "8C 10D"].map(r),
      achieved: [{ drawn: false }, { drawn: true }, { drawn: true }],
    },
  });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

const has = (view: HandView, literal: string) =>
  view.table.some((meld) => {
    const here = meld.cards.map((c) => c.card % 52);
    return meld.valid && cards(literal).every((card) => here.includes(card));
  });
const noOpenPlay = (view: HandView) =>
  view.you !== null && view.seats[view.you.seat]!.play === null;

export type TutorialStep =
  "draw" | "stage" | "lay" | "add" | "declare" | "undo" | "stop" | "finish";

/** In order; `done` sees the table after each accepted command, and that command. */
export const TUTORIAL_STEPS: { step: TutorialStep; done: (v: HandView, c: Command) => boolean }[] =
  [
    { step: "draw", done: (v) => v.you?.achieved.drawn === true },
    { step: "stage", done: (v) => v.you?.staging.length === 3 },
    { step: "lay", done: (v) => has(v, "7H 8H 9H") },
    { step: "add", done: (v) => has(v, "2S 3S 4S 5S") && noOpenPlay(v) },
    { step: "declare", done: (v) => has(v, "9C 10C JC") && noOpenPlay(v) },
    { step: "undo", done: (v, c) => c.do === "cancel" && has(v, "9S 9H 9D") },
    { step: "stop", done: (v) => v.freeze?.seat === v.you?.seat },
    { step: "finish", done: (v) => v.outcome !== null },
  ];

/** The step reached after this command: the current one, or the next when it is done. */
export function nextStep(at: number, view: HandView, command: Command): number {
  const current = TUTORIAL_STEPS[at];
  return current && current.done(view, command) ? at + 1 : at;
}
