import { describe, expect, it } from "vitest";
import { hiddenCardLeaks } from "../live/hidden";

/** A frame as tRPC's WebSocket adapter sends a tracked subscription message. */
const frame = (id: number, data: unknown) =>
  JSON.stringify({
    id: 1,
    result: { type: "data", id: String(id), data: { json: { id: String(id), data } } },
  });

const snapshot = frame(5, {
  type: "snapshot",
  match: {},
  view: { hand: { removed: [7, 8], you: { seat: 0, hand: [] }, seats: [] } },
  now: 0,
});

describe("the hidden-information inspection", () => {
  it("finds a hidden card a patch carries, as sent and in the view it makes", () => {
    const patch = { o: { hand: { o: { you: { o: { hand: { s: [60] } } } } } } };
    const leaks = hiddenCardLeaks([
      [snapshot, frame(6, { type: "events", events: [], patch, now: 1 })],
    ]);
    expect(leaks).toContain('seat 0 received hidden card 60 in "hand" (message 6)');
  });

  it("lets a patch carry what the seat may know: its own draw, once drawn", () => {
    const patch = { o: { hand: { o: { you: { o: { hand: { s: [60] } } } } } } };
    const drew = { id: 6, type: "drew", seat: 0, card: 60 };
    const leaks = hiddenCardLeaks([
      [snapshot, frame(6, { type: "events", events: [drew], patch, now: 1 })],
    ]);
    expect(leaks).toEqual([]);
  });

  it("finds another seat's private view sent whole in a patch", () => {
    const patch = { o: { hand: { o: { you: { s: { seat: 1, hand: [] } } } } } };
    const leaks = hiddenCardLeaks([
      [snapshot, frame(6, { type: "events", events: [], patch, now: 1 })],
    ]);
    expect(leaks).toContain("seat 0 received another seat's private view (message 6)");
  });
});
