import { describe, expect, it } from "vitest";
import { apply, nextDeadline } from "@/engine/engine";
import { A, B, C, card, hand, ofType, play, refusal, run } from "./helpers";

const ready = { drawn: true, laidMeld: true };

describe("§8 going out", () => {
  it("§8 going out ends the hand at once: others' open plays stay as they are, their staging areas count", () => {
    let state = hand({
      hands: ["7C", "KS QS JD", "5H"],
      table: ["4C 5C 6C"],
      achieved: [ready],
    });
    state = play(state, B, { do: "stage", card: card("JD") }, 1);
    const { state: over, events } = run(state, A, { do: "add", card: card("7C"), meld: 1 }, 2);
    expect(ofType(events, "wentOut")).toEqual([expect.objectContaining({ seat: A, valid: true })]);
    expect(over.outcome).toMatchObject({ reason: "out", winner: A, scores: [64, 0, 0] });
    expect(over.players[B]!.staging).toEqual([card("JD")]);
    expect(over.plays.every((p) => !p.open)).toBe(true);
    expect(nextDeadline(over)).toBeNull();
  });

  it("§8 a meld laid by you counts as soon as its play is confirmed, before it is final", () => {
    let state = hand({
      hands: ["7H 7S 7D 2C", "KS"],
      table: ["3C 4C 5C"],
      achieved: [{ drawn: true }],
    });
    for (const c of ["7H", "7S", "7D"]) state = play(state, A, { do: "stage", card: card(c) }, 1);
    state = play(state, A, { do: "lay" }, 2);
    const over = play(state, A, { do: "add", card: card("2C"), meld: 1 }, 3);
    expect(over.outcome).toMatchObject({ reason: "out", winner: A });
  });

  it("§8 an invalid going out eliminates you from the hand and the hand goes on", () => {
    const state = hand({ hands: ["7C", "KD"], table: ["4C 5C 6C"], achieved: [{ drawn: true }] });
    const { state: after, events } = run(state, A, { do: "add", card: card("7C"), meld: 1 }, 1);
    expect(ofType(events, "wentOut")[0]).toMatchObject({ valid: false });
    expect(ofType(events, "eliminated")[0]).toMatchObject({ seat: A, reason: "invalid going out" });
    expect(after.outcome).toBeNull();
    expect(refusal(after, A, { do: "draw" }, 2).code).toBe("not-playing");
  });

  it("§8 once the hand is over every command is refused, except presence", () => {
    const over = play(
      hand({ hands: ["7C"], table: ["4C 5C 6C"], achieved: [ready] }),
      A,
      { do: "add", card: card("7C"), meld: 1 },
      1,
    );
    expect(refusal(over, B, { do: "draw" }, 2).code).toBe("hand-over");
    expect(refusal(over, C, { do: "stop" }, 2).code).toBe("hand-over");
    expect(apply(over, B, { do: "disconnect" }, 2000).ok).toBe(true);
  });
});
