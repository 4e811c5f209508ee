import { describe, expect, it } from "vitest";
import { nextDeadline } from "@/engine/engine";
import { viewFor } from "@/engine/views";
import { A, B, C, card, hand, names, ofType, play, tick } from "./helpers";

describe("§7 inactivity", () => {
  it("§7 nextDeadline reports the 2-minute countdown, restarted by every draw", () => {
    let state = hand({ stocks: ["2H 3H", "4S"] });
    expect(nextDeadline(state)).toBe(120_000);
    state = play(state, A, { do: "draw" }, 10);
    expect(nextDeadline(state)).toBe(130_000);
    expect(viewFor(state, B).inactivityAt).toBe(130_000);
  });

  it("§7 every player who still has a stock draws 1 card by force, and it counts as a draw for §8", () => {
    const { state, events } = tick(hand({ stocks: ["2H 3H", "4S", ""] }), 120);
    const forced = ofType(events, "drew");
    expect(forced.map((e) => [e.seat, e.forced])).toEqual([
      [A, true],
      [B, true],
    ]);
    expect(state.players[A]!.achieved.drawn).toBe(true);
    expect(state.players[C]!.achieved.drawn).toBe(false);
    expect(nextDeadline(state)).toBe(240_000);
  });

  it("§7 a forced draw during a staging play is owed, seen by everyone, and handed over when the play ends", () => {
    let state = play(
      hand({ stocks: ["2H"], hands: ["KD QD"] }),
      A,
      { do: "stage", card: card("KD") },
      110,
    );
    const owed = tick(state, 120);
    expect(ofType(owed.events, "drawOwed")).toHaveLength(1);
    expect(viewFor(owed.state, B).seats[A]!.owedDraws).toBe(1);
    state = play(owed.state, A, { do: "unstage", card: card("KD") }, 121);
    expect(names(state.players[A]!.hand)).toBe(names([card("KD"), card("QD"), card("2H")]));
    expect(state.players[A]!.owedDraws).toBe(0);
  });

  it("§7 with every stock of the seats still playing empty, the timer ends the hand with a count instead", () => {
    let state = hand({ stocks: ["2H"], hands: ["", "3S", "4S 5S"] });
    state = play(state, A, { do: "stop" }, 1);
    state = play(state, A, { do: "giveup" }, 2);
    // A is out of the hand: the card left in A's stock keeps nobody playing.
    const { state: ended } = tick(state, 122);
    expect(ended.outcome).toMatchObject({ reason: "silence", winner: B });
    expect(ended.players[A]!.stock).toHaveLength(1);
  });

  it("§7/§9 the countdown stops during a freeze and restarts from where it stopped", () => {
    let state = hand({ stocks: ["2H", "3S"], hands: ["KD"] });
    state = play(state, A, { do: "stop" }, 100);
    expect(viewFor(state, B).inactivityAt).toBeNull();
    state = play(state, A, { do: "giveup" }, 150);
    expect(viewFor(state, B).inactivityAt).toBe(170_000);
  });

  it("§7/§9 a draw by the «Stop!» caller during the freeze restarts the countdown from the freeze's end", () => {
    let state = hand({ stocks: ["2H", "3S"], hands: ["KD"] });
    state = play(state, A, { do: "stop" }, 100);
    state = play(state, A, { do: "draw" }, 120);
    state = play(state, A, { do: "giveup" }, 150);
    expect(viewFor(state, B).inactivityAt).toBe(270_000);
  });
});
