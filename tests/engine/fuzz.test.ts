import { describe, expect, it } from "vitest";
import { fuzz, INVARIANTS, type Invariant, replay } from "./fuzz";

describe("random play checked after every command and timer (the fuzz, issue 50)", () => {
  it("§1/§4/§5.4/§5.5 on fixed seeds: every card in one place, none in two melds, judged melds valid, views leak nothing, and each hand's log replays to the same state", () => {
    // A short run (the CI's): `npm run fuzz` runs a million.
    for (const seed of [1, 2, 3]) {
      const report = fuzz({ actions: 1500, seed });
      expect(report.failures.map((f) => `${f.failure.invariant}: ${f.failure.message}`)).toEqual(
        [],
      );
      expect(report.actions).toBe(1500);
      expect(report.checks).toBeGreaterThanOrEqual(report.accepted * INVARIANTS.length);
      expect(report.replays).toBe(report.hands);
      // What the short run must reach: chain undos, holds running out, «Stop!», absences.
      for (const kind of ["undone", "released (expired)", "stopCalled", "presence"])
        expect(report.seen[kind], kind).toBeGreaterThan(0);
    }
  });

  it("a failure comes with a shrunk command log that fails again when replayed", () => {
    const noMeldOfSix: Invariant = {
      name: "test: no meld of six cards",
      check: (state) => (state.table.some((m) => m.cards.length >= 6) ? "a meld of six" : null),
    };
    const report = fuzz({ actions: 1500, seed: 4, invariants: [noMeldOfSix], stopAtFailure: true });
    const [found] = report.failures;
    expect(found?.failure.invariant).toBe(noMeldOfSix.name);
    expect(found!.repro.commands.length).toBeLessThanOrEqual(found!.failure.index + 1);
    expect(replay(found!.repro, [noMeldOfSix]).failure?.invariant).toBe(noMeldOfSix.name);
  });
});
