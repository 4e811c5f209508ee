import { describe, expect, it } from "vitest";
import { cards } from "@/engine/cards";
import type { Command } from "@/engine/commands";
import { apply } from "@/engine/engine";
import type { HandState } from "@/engine/state";
import { viewFor } from "@/engine/views";
import { nextStep, TUTORIAL_STEPS, tutorialHand } from "@/components/table/tutorial";

const c = (literal: string) => cards(literal)[0]!;
/** A card named by its literal, whichever of the two decks it is from. */
const same = (literal: string) => (card: number) => card % 52 === c(literal);
const meldWith = (state: HandState, literal: string) =>
  state.table.find((m) => m.cards.some(same(literal)))!.id;
const inHand = (state: HandState, literal: string) =>
  state.players[0]!.hand.find(same(literal)) ?? c(literal);

/** The tutorial played by the book: each entry is one step's commands. */
const script: ((s: HandState) => Command)[][] = [
  [() => ({ do: "draw" })],
  ["7H", "8H", "9H"].map((card) => (s) => ({ do: "stage", card: inHand(s, card) })),
  [() => ({ do: "lay" })],
  [(s) => ({ do: "add", card: inHand(s, "5S"), meld: meldWith(s, "2S") })],
  [
    (s) => ({ do: "stage", card: inHand(s, "10C") }),
    (s) => ({ do: "stage", card: inHand(s, "JC") }),
    (s) => ({ do: "move", card: c("9C"), from: meldWith(s, "9C"), to: "new" }),
    (s) => ({ do: "place", card: c("10C"), to: meldWith(s, "9C") }),
    (s) => ({ do: "place", card: c("JC"), to: meldWith(s, "9C") }),
  ],
  [
    (s) => ({ do: "stage", card: inHand(s, "QC") }),
    (s) => ({ do: "move", card: c("9S"), from: meldWith(s, "9S"), to: "new" }),
    () => ({ do: "cancel" }),
  ],
  [() => ({ do: "stop" })],
  [
    ...["KS", "KH", "KC"].map(
      (card) => (s: HandState) => ({ do: "stage", card: inHand(s, card) }) as Command,
    ),
    () => ({ do: "lay" }),
    (s) => ({ do: "add", card: inHand(s, "QC"), meld: meldWith(s, "9C") }),
  ],
];

describe("the tutorial's scripted hand", () => {
  it("can be played step by step to the end, each step done by its own gestures", () => {
    let state = tutorialHand();
    let at = 0;
    let now = 0;
    script.forEach((commands, step) => {
      expect(TUTORIAL_STEPS[at]!.step).toBe(TUTORIAL_STEPS[step]!.step);
      for (const make of commands) {
        const command = make(state);
        const result = apply(state, 0, command, (now += 500));
        if (!result.ok) throw new Error(`${JSON.stringify(command)}: ${result.rejection.reason}`);
        state = result.state;
        at = nextStep(at, viewFor(state, 0), command);
      }
      expect(at, `after step ${TUTORIAL_STEPS[step]!.step}`).toBe(step + 1);
    });
    expect(state.outcome?.winner).toBe(0);
  });
});
