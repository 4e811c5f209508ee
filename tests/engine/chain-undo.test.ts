import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { describeUndo } from "@/engine/engine-events";
import { advance, apply } from "@/engine/engine";
import { mulberry32, shuffle } from "@/engine/rng";
import type { HandState } from "@/engine/state";
import { spectatorView } from "@/engine/views";
import { openingOrderDifference, openingOrders } from "./chain-order";
import { A, B, C, card, hand, names, ofType, play, run, sorted, tableOf, tick } from "./helpers";
import { commandFor } from "./random-play";

const keepOpen = { do: "add", card: card("2D"), meld: 2 } as const;

describe("§5.5 the chain undo", () => {
  it("§5.5 the card track: whoever used a card that goes back falls with it", () => {
    let state = hand({ hands: ["", "7C 2D", "KD"], table: ["4C 5C 6C", "9H 10H JH"] });
    state = play(state, B, keepOpen, 1);
    state = play(state, B, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, C, { do: "stage", card: card("KD") }, 3);
    state = play(state, C, { do: "move", card: card("7C"), from: 1, to: "new" }, 4);
    state = play(state, B, { do: "cancel" }, 5);
    expect(tableOf(state)).toEqual([sorted("4C 5C 6C"), sorted("9H 10H JH")]);
    expect(names(state.players[B]!.hand)).toBe(sorted("7C 2D"));
    expect(state.players[C]!.play).not.toBeNull();
  });

  it("§5.5 the meld track: later work on the same meld falls only if it needed the card", () => {
    let state = hand({ hands: ["7C", "JS"], table: ["4C 5C 6C"] });
    state = play(state, B, { do: "add", card: card("JS"), meld: 1 }, 1);
    state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 2);
    const { state: after, events } = run(state, B, { do: "cancel" }, 3);
    expect(tableOf(after)).toEqual([sorted("4C 5C 6C 7C")]);
    expect(events.filter((e) => e.type === "undone").map((e) => e.seat)).toEqual([B]);
  });

  it("§5.5 a notice tells the player hit what was undone and which failed play caused it", () => {
    let state = hand({ hands: ["8C", "7C 2D"], table: ["4C 5C 6C", "9H 10H JH"] });
    state = play(state, B, keepOpen, 1);
    state = play(state, B, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, A, { do: "add", card: card("8C"), meld: 1 }, 3);
    const { events } = run(state, B, { do: "cancel" }, 4);
    const notice = events.find((e) => e.type === "undone" && e.seat === A);
    if (notice?.type !== "undone") throw new Error("no notice for A");
    expect(notice).toMatchObject({ wasOpen: false, cause: { seat: B, kind: "cancelled" } });
    expect(describeUndo(notice, (s) => "ABC"[s]!)).toBe(
      "Chain undo on your finished play #2: 8C back to your hand, because B cancelled play #1.",
    );
  });

  it("§5.5 a confirmed play can be undone after the fact: its cards go back to whoever played them", () => {
    let state = hand({ hands: ["8C", "7C 2D"], table: ["4C 5C 6C", "9H 10H JH"] });
    state = play(state, B, keepOpen, 1);
    state = play(state, B, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, A, { do: "add", card: card("8C"), meld: 1 }, 3);
    expect(state.plays.find((p) => p.seat === A)?.open).toBe(false);
    state = play(state, B, { do: "cancel" }, 4);
    expect(names(state.players[A]!.hand)).toBe("8C");
    expect(state.plays.some((p) => p.seat === A)).toBe(false);
  });

  it("§5.5 draws are never undone", () => {
    let state = hand({ stocks: ["2D 3D"], table: ["9H 10H JH"] });
    state = play(state, A, { do: "draw" }, 1);
    state = play(state, A, { do: "add", card: card("2D"), meld: 1 }, 2);
    state = play(state, A, { do: "cancel" }, 3);
    expect(names(state.players[A]!.hand)).toBe("2D");
    expect(names(state.players[A]!.stock)).toBe("3D");
  });

  it("§5.5 a finished play stays not yet safe for 40 s after its last step, then becomes final", () => {
    let state = hand({ hands: ["7C"], table: ["4C 5C 6C"] });
    state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 2);
    expect(spectatorView(state).table[0]!.notYetSafe).toBe(true);
    expect(spectatorView(state).plays[0]!.safeAt).toBe(42_000);
    state = advance(state, 41_999).state;
    expect(state.log).toHaveLength(1);
    const { state: after, events } = advance(state, 42_000);
    expect(events).toMatchObject([{ type: "final", seat: A, at: 42_000 }]);
    expect(after.log).toEqual([]);
    expect(after.plays).toEqual([]);
    expect(after.base).toEqual(after.table);
    expect(spectatorView(after).table[0]!.notYetSafe).toBe(false);
  });

  it("§5.5 a play just finished stays marked as not yet safe as long as the chain can still reach it: its time waits for an earlier play still at work", () => {
    let state = hand({ hands: ["8C", "7C 2D 10C"], table: ["4C 5C 6C", "9H 10H JH", "JC QC KC"] });
    state = play(state, B, keepOpen, 1);
    state = play(state, B, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, A, { do: "add", card: card("8C"), meld: 1 }, 3);
    // B is still at work: A's play is within the chain's reach until B's play is final.
    expect(spectatorView(state).plays.find((p) => p.seat === A)!.safeAt).toBeNull();
    state = play(state, B, { do: "add", card: card("10C"), meld: 3 }, 30);
    state = play(state, B, { do: "cancel" }, 31);
    expect(names(state.players[A]!.hand)).toBe("8C");
  });

  it("§5.5 a finished play becomes safe only once every play logged before it is final", () => {
    let state = hand({ hands: ["8C", "7C 2D 10C"], table: ["4C 5C 6C", "9H 10H JH", "JC QC KC"] });
    state = play(state, B, keepOpen, 1);
    state = play(state, B, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, A, { do: "add", card: card("8C"), meld: 1 }, 3);
    state = play(state, B, { do: "add", card: card("10C"), meld: 3 }, 30);
    state = play(state, B, { do: "end" }, 31);
    // B's last step at 30 s keeps its 7C in reach until 70 s, and A's 8C with it.
    const safeAt = spectatorView(state).plays.find((p) => p.seat === A)!.safeAt;
    expect(safeAt).toBe(70_000);
    expect(advance(state, 69_999).state.log.some((s) => s.seat === A)).toBe(true);
    const after = advance(state, 70_000).state;
    expect(after.log).toEqual([]);
    expect(spectatorView(after).table.some((m) => m.notYetSafe)).toBe(false);
  });

  it("§5.5/§9 after «Stop!» is given up the suspended plays get a full 40 s, and what leaned on them stays not yet safe until they are final", () => {
    let state = hand({
      hands: ["8C", "7C 2D", "KD"],
      table: ["4C 5C 6C", "9H 10H JH", "JC QC KC"],
    });
    state = play(state, B, keepOpen, 1);
    state = play(state, B, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, A, { do: "add", card: card("8C"), meld: 1 }, 3);
    state = play(state, C, { do: "stop" }, 5);
    expect(spectatorView(state).plays.every((p) => p.safeAt === null)).toBe(true);
    state = play(state, C, { do: "giveup" }, 20);
    // Frozen for 15 s: A's step counts from 18 s, but B's play now runs to 60 s.
    expect(state.plays.find((p) => p.seat === B)!.deadline).toBe(60_000);
    expect(spectatorView(state).plays.find((p) => p.seat === A)!.safeAt).toBeNull();
    const { state: after, events } = run(state, B, { do: "cancel" }, 59);
    expect(names(after.players[A]!.hand)).toBe("8C");
    expect(events.some((e) => e.type === "undone" && e.seat === A)).toBe(true);
  });

  it("§5.5/§9 after a failed freeze the not-yet-safe time counts the freeze and the suspended play's last step", () => {
    let state = hand({
      hands: ["8C", "7C 2D", "KD"],
      table: ["4C 5C 6C", "9H 10H JH", "JC QC KC"],
    });
    state = play(state, B, keepOpen, 1);
    state = play(state, B, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, A, { do: "add", card: card("8C"), meld: 1 }, 3);
    state = play(state, C, { do: "stop" }, 5);
    state = play(state, C, { do: "giveup" }, 20);
    state = play(state, B, { do: "end" }, 50);
    // B's steps (1 s and 2 s) and A's (3 s) each moved on by the 15 s frozen.
    expect(spectatorView(state).plays.find((p) => p.seat === A)!.safeAt).toBe(58_000);
  });

  it("§5.5 plays already finished that the chain reaches fall entirely: no step of a play becomes final before the rest of it", () => {
    let state = hand({
      hands: ["", "2D 7D 8D", ""],
      stocks: ["QC KC"],
      table: ["AC 2C 3C", "4D 5D 6D", "9H 10H JH"],
    });
    state = play(state, A, { do: "draw" }, 0);
    state = play(state, A, { do: "draw" }, 0);
    state = play(state, A, { do: "add", card: card("QC"), meld: 1 }, 1);
    state = play(state, B, { do: "add", card: card("2D"), meld: 3 }, 2);
    state = play(state, B, { do: "add", card: card("7D"), meld: 2 }, 20);
    state = play(state, A, { do: "add", card: card("KC"), meld: 1 }, 30);
    state = play(state, B, { do: "add", card: card("8D"), meld: 2 }, 35);
    // A's play ended at 30 s, B's at 42 s with its 2D undone: A's QC waits for its KC, and
    // both for B's 7D logged between them, final with B's last step (35 s).
    expect(state.plays.find((p) => p.seat === A)!.open).toBe(false);
    state = advance(state, 70_000).state;
    expect(state.base.map((m) => names(m.cards))).toContain(sorted("AC 2C 3C"));
    expect(spectatorView(state).plays.find((p) => p.seat === A)!.safeAt).toBe(75_000);
    state = advance(state, 75_000).state;
    expect(state.log).toEqual([]);
    expect(state.base.map((m) => names(m.cards))).toContain(sorted("QC KC AC 2C 3C"));
  });

  it("§5.5 plays interleaved in the log become final together, however long the chain of them", () => {
    let state = hand({
      hands: ["5C 4C", "2D 7D 8D", "2H QS KS"],
      table: ["AC 2C 3C", "4D 5D 6D", "9H 10H JH", "9S 10S JS"],
    });
    for (const [seat, name, meld, at] of [
      [A, "5C", 1, 1],
      [B, "2D", 3, 2],
      [B, "7D", 2, 4],
      [A, "4C", 1, 5],
      [C, "2H", 3, 18],
      [C, "QS", 4, 19],
      [B, "8D", 2, 33],
      [C, "KS", 4, 35],
    ] as const)
      state = play(state, seat, { do: "add", card: card(name), meld }, at);
    // Logged: A 5C, B 7D, A 4C, C QS, B 8D, C KS (the wounds undone at 42 s and 58 s).
    expect(spectatorView(state).plays.find((p) => p.seat === A)!.safeAt).toBeNull();
    state = advance(state, 73_000).state;
    expect(spectatorView(state).plays.find((p) => p.seat === A)!.safeAt).toBe(75_000);
    expect(state.base.map((m) => names(m.cards))).toContain(sorted("AC 2C 3C"));
    state = advance(state, 75_000).state;
    expect(state.log).toEqual([]);
    expect(state.base.map((m) => names(m.cards))).toContain(sorted("AC 2C 3C 4C 5C"));
  });

  it("§5.5/§9 after a freeze a finished play reached through a suspended play falls entirely, its first steps too", () => {
    let state = hand({
      hands: ["QH 8C", "2D 7C", ""],
      table: ["4C 5C 6C", "9H 10H JH", "KS KH KD"],
    });
    state = play(state, A, { do: "stage", card: card("QH") }, 1);
    state = play(state, A, { do: "stage", card: card("8C") }, 1);
    state = play(state, A, { do: "place", card: card("QH"), to: 2 }, 1);
    state = play(state, B, { do: "add", card: card("2D"), meld: 3 }, 1.5);
    state = play(state, B, { do: "add", card: card("7C"), meld: 1 }, 2);
    state = play(state, A, { do: "place", card: card("8C"), to: 1 }, 3);
    expect(state.players[A]!.play).toBeNull();
    state = play(state, C, { do: "stop" }, 4);
    state = play(state, C, { do: "giveup" }, 10);
    // A's steps count from 7 s and 9 s: final at 49 s, were it not for B's play, open to 50 s.
    state = advance(state, 49_500).state;
    const { state: after, events } = run(state, B, { do: "cancel" }, 49.5);
    expect(tableOf(after)).toEqual([sorted("4C 5C 6C"), sorted("9H 10H JH"), sorted("KS KH KD")]);
    expect(names(after.players[A]!.hand)).toBe(sorted("QH 8C"));
    expect(events.find((e) => e.type === "undone" && e.seat === A)).toMatchObject({
      wasOpen: false,
    });
  });

  it("§5.5 the chain never reaches a final play: final steps are folded into the table's base", () => {
    let state = hand({ hands: ["7C", "9D"], table: ["4C 5C 6C", "9C 9H 9S"] });
    state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 1);
    state = play(state, B, { do: "stage", card: card("9D") }, 45);
    state = play(state, B, { do: "move", card: card("7C"), from: 1, to: "new" }, 46);
    state = play(state, B, { do: "cancel" }, 47);
    expect(tableOf(state)).toEqual([sorted("4C 5C 6C 7C"), sorted("9C 9H 9S")]);
    expect(names(state.players[A]!.hand)).toBe("");
  });

  it("§5.3/§5.5 undoing a whole play with moves brings back everyone who built on its moves", () => {
    let state = hand({ hands: ["9D", "9S"], table: ["6H 7H 8H 9H", "6C 7C 8C 9C"] });
    state = play(state, A, { do: "stage", card: card("9D") }, 1);
    state = play(state, A, { do: "move", card: card("9H"), from: 1, to: "new" }, 2);
    state = play(state, A, { do: "move", card: card("9C"), from: 2, to: 3 }, 3);
    state = play(state, B, { do: "add", card: card("9S"), meld: 3 }, 4);
    expect(state.players[B]!.play).toBeNull();
    state = play(state, A, { do: "end" }, 5);
    expect(tableOf(state)).toEqual([sorted("6H 7H 8H 9H"), sorted("6C 7C 8C 9C")]);
    expect(names(state.players[B]!.hand)).toBe("9S");
    expect(names(state.players[A]!.hand)).toBe("9D");
  });

  it("§3.1/§5.5 undoing the card that made a run too long undoes its split", () => {
    let state = hand({ hands: ["QD 2S"], table: ["2D 3D 4D 5D 6D 7D 8D 9D 10D JD", "9H 10H JH"] });
    state = play(state, A, { do: "add", card: card("2S"), meld: 2 }, 1);
    state = play(state, A, { do: "add", card: card("QD"), meld: 1 }, 2);
    expect(state.table.map((m) => m.cards.length)).toEqual([6, 4, 5]);
    state = play(state, A, { do: "cancel" }, 3);
    expect(tableOf(state)).toEqual([sorted("2D 3D 4D 5D 6D 7D 8D 9D 10D JD"), sorted("9H 10H JH")]);
  });
});

describe("§3.1 no valid run of more than 10 is left on the table by a chain undo or a move", () => {
  const spades = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS";

  it("§3.1/§5.5 a card sent back to a run others extended meanwhile splits it at once; undoing the extension undoes that split", () => {
    let state = hand({ hands: ["QS", "AS 9D"], table: [spades, "4H 5H 6H"] });
    state = play(state, A, { do: "stage", card: card("QS") }, 1);
    state = play(state, A, { do: "move", card: card("JS"), from: 1, to: "new" }, 2);
    state = play(state, B, { do: "add", card: card("9D"), meld: 2 }, 3);
    state = play(state, B, { do: "add", card: card("AS"), meld: 1 }, 4);
    const cancelled = run(state, A, { do: "cancel" }, 5);
    state = cancelled.state;
    // A..J: the tie on cards shown before goes to the part with the A♠, the last card moved in.
    expect(tableOf(state)).toEqual([
      sorted("AS 2S 3S 4S 5S"),
      sorted("4H 5H 6H 9D"),
      sorted("6S 7S 8S 9S 10S JS"),
    ]);
    expect(ofType(cancelled.events, "split")).toMatchObject([{ meld: 1, into: [4] }]);
    state = play(state, B, { do: "cancel" }, 6);
    expect(tableOf(state)).toEqual([sorted(spades), sorted("4H 5H 6H")]);
    expect(names(state.players[B]!.hand)).toBe(sorted("AS 9D"));
    // The split's meld id is not given again.
    state = play(state, A, { do: "stage", card: card("QS") }, 7);
    state = play(state, A, { do: "move", card: card("JS"), from: 1, to: "new" }, 8);
    expect(state.table.map((m) => m.id)).toEqual([1, 2, 5]);
  });

  it("§3.1/§5.4 a card on trial leaving a run it spoilt, which another player extended meanwhile, leaves a run of 11: it is split at once", () => {
    let state = hand({ hands: ["7C", "QC"], table: ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC"] });
    state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 1);
    state = play(state, B, { do: "add", card: card("QC"), meld: 1 }, 2);
    expect(state.table).toHaveLength(1);
    state = play(state, A, { do: "end" }, 3);
    expect(tableOf(state)).toEqual([sorted("7C 8C 9C 10C JC QC"), sorted("2C 3C 4C 5C 6C")]);
    expect(names(state.players[A]!.hand)).toBe("7C");
  });

  it("§3.1 taking away the card that spoilt a run splits what is left at once; undoing the move undoes the split", () => {
    let state = hand({
      hands: ["7C QC", "KD"],
      table: ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "KH KS KC"],
    });
    state = play(state, A, { do: "add", card: card("7C"), meld: 1 }, 1);
    state = play(state, A, { do: "add", card: card("QC"), meld: 1 }, 2);
    state = play(state, B, { do: "stage", card: card("KD") }, 3);
    state = play(state, B, { do: "move", card: card("7C"), from: 1, to: "new" }, 4);
    expect(tableOf(state)).toEqual([
      sorted("7C 8C 9C 10C JC QC"),
      sorted("KH KS KC"),
      "7C",
      sorted("2C 3C 4C 5C 6C"),
    ]);
    state = play(state, B, { do: "cancel" }, 5);
    expect(tableOf(state)).toEqual([
      sorted("2C 3C 4C 5C 6C 7C 7C 8C 9C 10C JC QC"),
      sorted("KH KS KC"),
    ]);
  });

  it("§3.1/§5.5 a run made too long by an undo after the steps that built it became final is split for good", () => {
    let state = hand({ hands: ["QS", "AS", "KD"], table: [spades] });
    state = play(state, A, { do: "stage", card: card("QS") }, 1);
    state = play(state, A, { do: "move", card: card("JS"), from: 1, to: "new" }, 2);
    state = play(state, B, { do: "add", card: card("AS"), meld: 1 }, 3);
    state = play(state, C, { do: "stage", card: card("KD") }, 4);
    state = play(state, C, { do: "move", card: card("AS"), from: 1, to: "new" }, 5);
    state = play(state, A, { do: "cancel" }, 6);
    expect(tableOf(state)).toEqual([sorted(spades), "AS"]);
    // B's A♠ becomes final at 43 with the run A..J in the base; C's 40 s end at 44 and the A♠ goes back.
    state = tick(state, 44).state;
    expect(state.log).toEqual([]);
    expect(tableOf(state)).toEqual([sorted("6S 7S 8S 9S 10S JS"), sorted("AS 2S 3S 4S 5S")]);
    expect(state.table.map((m) => m.id)).toEqual([1, 4]);
    expect(state.base).toEqual(state.table);
  });
});

describe("§5.5 the chain undo as the text says it (issue 50)", () => {
  /** A's 7♣ on trial (A still holds K♠ declared); C moves it into a set of C's own 7s and adds K♦ to the kings. */
  function sevenOfClubsTaken(cFinishes: boolean): HandState {
    let state = hand({
      hands: ["7C KS", "", `7H 7D 7S KD${cFinishes ? "" : " 2H"}`],
      table: ["4C 5C 6C", "KH KC KS"],
    });
    state = play(state, A, { do: "stage", card: card("KS") }, 0);
    state = play(state, A, { do: "stage", card: card("7C") }, 0);
    state = play(state, A, { do: "place", card: card("7C"), to: 1 }, 1);
    for (const c of ["7H", "7D", "7S", "KD", ...(cFinishes ? [] : ["2H"])])
      state = play(state, C, { do: "stage", card: card(c) }, 2);
    state = play(state, C, { do: "move", card: card("7C"), from: 1, to: "new" }, 3);
    for (const c of ["7H", "7D", "7S"])
      state = play(state, C, { do: "place", card: card(c), to: 3 }, 4);
    state = play(state, C, { do: "place", card: card("KD"), to: 2 }, 5);
    return state;
  }

  it("§5.5 whoever used a card that goes back always falls with it: a finished play that took the cancelled 7♣ falls entirely, its valid set and its K♦ too", () => {
    const state = sevenOfClubsTaken(true);
    expect(state.plays.find((p) => p.seat === C)?.open).toBe(false);
    const { state: after, events } = run(state, A, { do: "cancel" }, 6);
    expect(tableOf(after)).toEqual([sorted("4C 5C 6C"), sorted("KH KC KS")]);
    expect(names(after.players[A]!.hand)).toBe(sorted("7C KS"));
    expect(names(after.players[C]!.hand)).toBe(sorted("7H 7D 7S KD"));
    expect(ofType(events, "undone").find((e) => e.seat === C)).toMatchObject({ wasOpen: false });
  });

  it("§5.5 whoever is still at work loses only the connected piece: an open play that took the cancelled 7♣ keeps its set and its K♦", () => {
    const state = sevenOfClubsTaken(false);
    const after = play(state, A, { do: "cancel" }, 6);
    expect(tableOf(after)).toEqual([sorted("4C 5C 6C"), sorted("KH KC KS KD"), sorted("7H 7D 7S")]);
    expect(names(after.players[C]!.staging)).toBe("2H");
    expect(after.players[C]!.play).not.toBeNull();
  });

  /** 4-5-6♣; A places 7♣ (K♠ still declared); B adds 8♣ and finishes; C places 3♣ and finishes. */
  function threeOfClubs(cDeclaresFirst: boolean): HandState {
    let state = hand({ hands: ["7C KS", "8C", "3C"], table: ["4C 5C 6C", "KH KD KC"] });
    if (cDeclaresFirst) state = play(state, C, { do: "stage", card: card("3C") }, 0);
    state = play(state, A, { do: "stage", card: card("7C") }, 1);
    state = play(state, A, { do: "stage", card: card("KS") }, 1);
    state = play(state, A, { do: "place", card: card("7C"), to: 1 }, 2);
    state = play(state, B, { do: "add", card: card("8C"), meld: 1 }, 3);
    if (!cDeclaresFirst) state = play(state, C, { do: "stage", card: card("3C") }, 3.5);
    return play(state, C, { do: "place", card: card("3C"), to: 1 }, 4);
  }

  it("§5.5 the question is not who came first or later, but what happens to the meld if that card disappears: C's 3♣ stays on 3-4-5-6♣ whoever declared first", () => {
    for (const cDeclaresFirst of [true, false]) {
      const state = threeOfClubs(cDeclaresFirst);
      expect(state.plays.filter((p) => p.open).map((p) => p.seat)).toEqual([A]);
      const { state: after, events } = run(state, A, { do: "cancel" }, 5);
      expect(tableOf(after)).toEqual([sorted("3C 4C 5C 6C"), sorted("KH KD KC")]);
      expect(names(after.players[B]!.hand)).toBe("8C");
      expect(ofType(events, "undone").map((e) => e.seat)).toEqual([A, B]);
    }
  });

  it("§5.5 a notice to every play the chain hits: an open play whose only loss is its later move of the cancelled 7♣ is told", () => {
    let state = hand({ hands: ["7C KS", "2H"], table: ["4C 5C 6C", "8C 9C 10C", "KH KD KC"] });
    state = play(state, A, { do: "stage", card: card("KS") }, 0);
    state = play(state, A, { do: "stage", card: card("7C") }, 0);
    state = play(state, A, { do: "place", card: card("7C"), to: 1 }, 1);
    state = play(state, B, { do: "stage", card: card("2H") }, 2);
    state = play(state, B, { do: "move", card: card("7C"), from: 1, to: 2 }, 3);
    const { state: after, events } = run(state, A, { do: "cancel" }, 4);
    expect(tableOf(after)).toEqual([sorted("4C 5C 6C"), sorted("8C 9C 10C"), sorted("KH KD KC")]);
    const notice = ofType(events, "undone").find((e) => e.seat === B);
    expect(notice).toMatchObject({
      wasOpen: true,
      cards: [{ card: card("7C"), to: "hand", seat: A }],
    });
    expect(describeUndo(notice!, (s) => "ABC"[s]!)).toBe(
      "Chain undo on your open play #2: 7C back to A's hand, because A cancelled play #1.",
    );
  });
});

/**
 * Random chains on a small table: three seats with clubs and hearts next to
 * 4-5-6♣ and 4-5-6♥ and a set of 9s declare, place, add, move, end and cancel,
 * so plays lean on each other's cards on trial.
 */
const chains = fc.record({
  seed: fc.nat(1000),
  choices: fc.array(
    fc.record({
      seat: fc.nat(2),
      // stage, add, move, place, end, cancel (commandFor's kinds)
      kind: fc.constantFrom(1, 2, 5, 6, 7, 8, 10, 11, 13, 14),
      a: fc.nat(1000),
      b: fc.nat(1000),
      dt: fc.oneof(fc.constant(0), fc.nat(3000)),
    }),
    { minLength: 10, maxLength: 40 },
  ),
});

function chainStart(seed: number): HandState {
  const pool = "2C 3C 7C 8C 9C 10C 9C 2H 3H 7H 8H 9H 9D 7S 8S".split(" ");
  const dealt = shuffle(pool, mulberry32(seed));
  return hand({
    hands: [0, 1, 2].map((s) => dealt.filter((_, i) => i % 3 === s).join(" ")),
    table: ["4C 5C 6C", "4H 5H 6H", "9S 9H 9D"],
  });
}

describe("§5.5 the chain's outcome does not depend on the order in which plays were opened", () => {
  it("§5.5 the question is not who came first or later: over random chains, ending or cancelling any open play gives the same table, hands and notices with the plays opened in any other order (same table steps)", () => {
    let compared = 0;
    fc.assert(
      fc.property(chains, ({ seed, choices }) => {
        let state = chainStart(seed);
        let now = 0;
        for (const c of choices) {
          now += c.dt;
          const { seat, command } = commandFor(state, c);
          const result = apply(state, seat, command, now);
          if (!result.ok) continue;
          state = result.state;
          if (state.plays.length < 2 || !state.plays.some((p) => p.open)) continue;
          compared++;
          expect(
            openingOrderDifference(state, openingOrders(state.plays.length).slice(0, 2)),
          ).toBeNull();
        }
      }),
      { numRuns: 120 },
    );
    expect(compared).toBeGreaterThan(200);
  });
});
