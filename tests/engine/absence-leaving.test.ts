import { describe, expect, it } from "vitest";
import { apply, nextDeadline } from "@/engine/engine";
import { viewFor } from "@/engine/views";
import { A, B, C, card, hand, ofType, play, refusal, run, tick } from "./helpers";

describe("§11 absence and leaving", () => {
  it("§11 everyone sees who is absent, since when, and when the absence becomes leaving", () => {
    const state = play(hand({ stocks: ["2H"] }), B, { do: "disconnect" }, 10);
    const seat = viewFor(state, C).seats[B]!;
    expect(seat).toMatchObject({ present: false, awaySince: 10_000, leavesAt: 100_000 });
    expect(nextDeadline(state)).toBe(100_000);
  });

  it("§11.2 after 90 seconds absence is leaving: an event, −15 at the end, and the hand goes on", () => {
    const state = play(hand({ hands: ["2H", "3S", "4S 5S"] }), B, { do: "disconnect" }, 10);
    const { state: after, events } = tick(state, 100);
    expect(ofType(events, "left")).toEqual([
      expect.objectContaining({ seat: B, reason: "absent" }),
    ]);
    expect(after.players[B]!.status).toBe("left");
    expect(after.outcome).toBeNull();
  });

  it("§11.2 the 90 seconds do not run for the frozen, and restart from zero when the freeze ends", () => {
    let state = play(hand({ hands: ["KD"] }), B, { do: "disconnect" }, 5);
    state = play(state, A, { do: "stop" }, 10);
    expect(viewFor(state, C).seats[B]!.leavesAt).toBeNull();
    state = play(state, A, { do: "giveup" }, 50);
    expect(viewFor(state, C).seats[B]!.leavesAt).toBe(140_000);
  });

  it("§11.2 a player who left cannot come back: reconnecting is accepted, playing is refused", () => {
    let state = play(hand({ stocks: ["", "2S"] }), B, { do: "leave" }, 1);
    state = play(state, B, { do: "disconnect" }, 2);
    state = play(state, B, { do: "reconnect" }, 3);
    expect(state.players[B]!.status).toBe("left");
    expect(refusal(state, B, { do: "draw" }, 4).reason).toMatch(/you left this hand/);
  });

  it("§11.3 Leave ends the open play with the normal criterion, reason left", () => {
    let state = hand({ hands: ["", "7C 8C KD"], table: ["4C 5C 6C"] });
    state = play(state, B, { do: "stage", card: card("7C") }, 1);
    state = play(state, B, { do: "stage", card: card("8C") }, 1);
    state = play(state, B, { do: "place", card: card("7C"), to: 1 }, 2);
    const { events } = run(state, B, { do: "leave" }, 3);
    expect(ofType(events, "playEnded")[0]).toMatchObject({
      seat: B,
      reason: "left",
      outcome: "confirmed",
      returned: [card("8C")],
    });
  });

  it("§11.2 a presence report that changes nothing is refused", () => {
    const state = play(hand({}), B, { do: "disconnect" }, 1);
    expect(refusal(state, B, { do: "disconnect" }, 2).code).toBe("presence");
    expect(apply(state, B, { do: "reconnect" }, 2000).ok).toBe(true);
  });
});
