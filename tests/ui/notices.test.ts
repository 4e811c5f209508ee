import { describe, expect, it } from "vitest";
import { describeUndo, situationOf, undoNoticesFor } from "@/components/table/notices";
import { engineRefusalText } from "@/i18n/errors";
import { refusal } from "../engine/helpers";
import { viewFor } from "@/engine/views";
import { translator } from "@/i18n/catalog";
import { A, B, card, hand, play, run } from "../engine/helpers";

const names = ["Ada", "Bruno", "Chiara"];
const nameOf = (seat: number) => names[seat]!;

/** §5.5: Ada places 7♣ on 4-5-6♣ with a card still declared; Bruno adds 8♣; Ada cancels. */
function chainUndo() {
  let state = hand({ hands: ["7C KS", "8C"], table: ["4C 5C 6C"] });
  state = play(state, A, { do: "stage", card: card("7C") }, 0);
  state = play(state, A, { do: "stage", card: card("KS") }, 1);
  state = play(state, A, { do: "place", card: card("7C"), to: 1 }, 2);
  state = play(state, B, { do: "add", card: card("8C"), meld: 1 }, 3);
  return run(state, A, { do: "cancel" }, 4);
}

describe("notices", () => {
  it("§5.5 a chain undo tells the player hit what went back and which play caused it", () => {
    const notices = undoNoticesFor(chainUndo().events, B);
    expect(notices).toHaveLength(1);
    expect(describeUndo(translator("en"), notices[0]!, nameOf)).toBe(
      "On your finished play: 8♣ back to your hand, because Ada cancelled their play.",
    );
    expect(describeUndo(translator("it"), notices[0]!, nameOf)).toBe(
      "Sulla tua giocata conclusa: 8♣ torna nella tua mano, perché Ada ha annullato la sua giocata.",
    );
  });

  it("§5.5 a play hit for moving a card someone else brought to the table is told whose hand it went back to", () => {
    let state = hand({ hands: ["7C KS", "2H"], table: ["4C 5C 6C", "8C 9C 10C"] });
    state = play(state, A, { do: "stage", card: card("KS") }, 0);
    state = play(state, A, { do: "stage", card: card("7C") }, 0);
    state = play(state, A, { do: "place", card: card("7C"), to: 1 }, 1);
    state = play(state, B, { do: "stage", card: card("2H") }, 2);
    state = play(state, B, { do: "move", card: card("7C"), from: 1, to: 2 }, 3);
    const notices = undoNoticesFor(run(state, A, { do: "cancel" }, 4).events, B);
    expect(notices).toHaveLength(1);
    expect(describeUndo(translator("en"), notices[0]!, nameOf)).toBe(
      "On your open play: 7♣ back to Ada's hand, because Ada cancelled their play.",
    );
    expect(describeUndo(translator("it"), notices[0]!, nameOf)).toBe(
      "Sulla tua giocata aperta: 7♣ torna nella mano di Ada, perché Ada ha annullato la sua giocata.",
    );
  });

  it("§9 the frozen players are told who stopped the game; the caller is told what to do", () => {
    const { state } = run(hand({ hands: ["7C", "8C"], table: ["4C 5C 6C"] }), A, { do: "stop" }, 0);
    const t = translator("en");
    expect(situationOf(t, viewFor(state, B), nameOf)).toContain("Ada called «Stop!»");
    expect(situationOf(t, viewFor(state, A), nameOf)).toContain("Your freeze");
  });

  it("§11.3 a player who left is told they can only watch", () => {
    const { state } = run(hand({ hands: ["7C", "8C", "9C"] }), A, { do: "leave" }, 0);
    expect(situationOf(translator("en"), viewFor(state, A), nameOf)).toBe(
      "You have left this hand: you can only watch the rest of it.",
    );
  });

  it("§6 a refusal reads in the reader's language by its code; the engine's reason only for a code the catalog lacks", () => {
    let state = hand({ hands: ["9C", "8C"], table: ["4C 5C 6C"] });
    state = play(state, A, { do: "stage", card: card("9C") }, 0);
    state = play(state, B, { do: "stage", card: card("8C") }, 0);
    state = play(state, A, { do: "take", card: card("6C"), meld: 1 }, 1);
    const { code, reason } = refusal(state, B, { do: "take", card: card("6C"), meld: 1 }, 2);
    expect(engineRefusalText(translator("en"), "refusals", code, reason)).toBe(
      "Another player holds that card: first come, first served (§6).",
    );
    expect(engineRefusalText(translator("it"), "refusals", code, reason)).toBe(
      "Quella carta è tenuta da un altro giocatore: chi arriva prima la prende (§6).",
    );
    expect(engineRefusalText(translator("it"), "refusals", "no such code", "as sent")).toBe(
      "as sent",
    );
  });
});
