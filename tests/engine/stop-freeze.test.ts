import { describe, expect, it } from "vitest";
import { nextDeadline } from "@/engine/engine";
import { viewFor } from "@/engine/views";
import { A, B, C, card, hand, ofType, play, refusal, run, tableOf, sorted, tick } from "./helpers";

describe("§9 «Stop!»", () => {
  const wounded = () =>
    play(
      hand({ hands: ["8C KD", "JS 2D", "3H"], table: ["4C 5C 6C 7C", "8S 9S 10S"] }),
      B,
      { do: "add", card: card("JS"), meld: 1 },
      1,
    );

  it("§9 everyone sees the freeze; the others' times stop: the next deadline is the freeze's end", () => {
    const { state, events } = run(wounded(), A, { do: "stop" }, 2);
    expect(ofType(events, "stopCalled")).toEqual([
      expect.objectContaining({ seat: A, deadline: 182_000 }),
    ]);
    expect(viewFor(state, C).freeze).toEqual({ seat: A, start: 2000, deadline: 182_000 });
    expect(nextDeadline(state)).toBe(182_000);
    expect(refusal(state, B, { do: "cancel" }, 3).code).toBe("frozen");
  });

  it("§9 «Stop!» frees the card an opponent was holding: every table card is at the caller's disposal", () => {
    let state = hand({ hands: ["KD", "9D 3S"], table: ["4C 5C 6C 7C", "8D 8H 8S"] });
    state = play(state, B, { do: "stage", card: card("9D") }, 1);
    state = play(state, B, { do: "take", card: card("7C"), meld: 1 }, 2);
    const { state: frozen, events } = run(state, A, { do: "stop" }, 3);
    expect(ofType(events, "released")).toEqual([
      expect.objectContaining({ seat: B, card: card("7C"), reason: "freeze" }),
    ]);
    expect(frozen.players[B]!.hold).toBeNull();
    play(frozen, A, { do: "take", card: card("7C"), meld: 1 }, 4);
  });

  it("§9 after a failed freeze the suspended plays restart with a full 40 seconds", () => {
    let state = play(wounded(), A, { do: "stop" }, 2);
    const { state: after, events } = run(state, A, { do: "giveup" }, 100);
    expect(ofType(events, "freezeEnded")[0]).toMatchObject({ seat: A, resumed: [1] });
    expect(after.plays.find((p) => p.seat === B)!.deadline).toBe(140_000);
    state = tick(after, 140).state;
    expect(tableOf(state)).toEqual([sorted("4C 5C 6C 7C"), sorted("8S 9S 10S")]);
  });

  it("§9 «Cancel the meld» during the freeze takes the caller's work back to the instant of «Stop!», and the freeze goes on", () => {
    let state = play(wounded(), A, { do: "stop" }, 2);
    state = play(state, A, { do: "add", card: card("8C"), meld: 1 }, 3);
    state = play(state, A, { do: "cancel" }, 4);
    expect(tableOf(state)).toEqual([sorted("4C 5C 6C 7C JS"), sorted("8S 9S 10S")]);
    expect(state.freeze).not.toBeNull();
    expect(refusal(state, A, { do: "end" }, 5).code).toBe("in-freeze");
  });

  it("§9 the caller ends the freeze by giving up; nobody else can", () => {
    const state = play(wounded(), A, { do: "stop" }, 2);
    expect(refusal(state, B, { do: "giveup" }, 3).code).toBe("frozen");
    const { events } = run(state, A, { do: "giveup" }, 3);
    expect(ofType(events, "eliminated")[0]).toMatchObject({ seat: A, reason: "gave up" });
  });

  it("§9/§10.2 «Stop!» is once per hand and does not exist in a tie-break", () => {
    let state = hand({ hands: ["2H 9S", "3D KC", "4S 5S 6S"], table: ["10C JC QC"] });
    state = tick(state, 120).state;
    expect(state.tiebreak).not.toBeNull();
    expect(refusal(state, A, { do: "stop" }, 121).code).toBe("no-stop");
    expect(refusal(state, C, { do: "stop" }, 121).code).toBe("not-in-tiebreak");
  });
});
