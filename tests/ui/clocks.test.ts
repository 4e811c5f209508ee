import { describe, expect, it } from "vitest";
import { clocksOf } from "@/components/table/clocks";
import { previewHand } from "@/components/table/fixture";
import { viewFor } from "@/engine/views";
import { play } from "../engine/helpers";

describe("every clock is shown as a countdown", () => {
  it("§5 each open play's 40 s, the player's own first; §7 the inactivity's 2 minutes, restarted by the confirmed add at 1 s", () => {
    const clocks = clocksOf(viewFor(previewHand(), 2));
    expect(clocks[0]).toEqual({ kind: "inactivity", seat: null, endsAt: 121_000 });
    expect(clocks.filter((k) => k.kind === "play")).toEqual([
      { kind: "play", seat: 2, endsAt: 45_000 },
      { kind: "play", seat: 1, endsAt: 43_000 },
    ]);
  });

  it("§9 a «Stop!» shows the freeze's 3 minutes and stops the frozen players' clocks", () => {
    const state = play(previewHand(), 0, { do: "stop" }, 6);
    const clocks = clocksOf(viewFor(state, 1));
    expect(clocks).toContainEqual({ kind: "freeze", seat: 0, endsAt: 186_000 });
    expect(clocks.some((k) => k.kind === "play" || k.kind === "hold")).toBe(false);
    expect(clocks.some((k) => k.kind === "inactivity")).toBe(false);
  });

  it("§12 once the hand is over no clock runs", () => {
    let state = play(previewHand(), 0, { do: "leave" }, 6);
    state = play(state, 1, { do: "leave" }, 7);
    const view = viewFor(state, 2);
    expect(view.outcome).not.toBeNull();
    expect(clocksOf(view)).toEqual([]);
  });
});
