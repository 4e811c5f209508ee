import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkExpect, runScenario } from "@/engine/testkit";

const base = {
  rules: "machiavelox",
  players: ["A", "B", "C"],
  setup: { hands: { A: ["7C"] }, table: [["4C", "5C", "6C"]] },
  steps: [{ at: 1, player: "A", do: "add", card: "7C", meld: 1 }],
};

describe("the scenario runner (scenario-format.md)", () => {
  it("runs a file on the virtual clock and reports table, players, hand, rejections and notices", () => {
    const run = runScenario(base);
    if (!run.ok) throw new Error(run.error);
    expect(run.result).toEqual({
      time: 1,
      table: [{ id: 1, cards: ["4C", "5C", "6C", "7C"] }],
      players: {
        A: { hand: [], staging: [], stock: 0, status: "playing", score: null },
        B: { hand: [], staging: [], stock: 0, status: "playing", score: null },
        C: { hand: [], staging: [], stock: 0, status: "playing", score: null },
      },
      hand: { over: false, winner: null, draw: null, reason: null },
      rejected: [],
      notices: [],
    });
  });

  it("an invalid file is an error with its reason, never a partial result", () => {
    const invalid = (file: unknown) => {
      const run = runScenario(file);
      return run.ok ? "ran" : run.error;
    };
    expect(invalid([])).toBe("a scenario is a JSON object");
    expect(invalid({ ...base, players: ["A", "A", "C"] })).toMatch(/3 distinct names/);
    expect(invalid({ ...base, rules: "chess" })).toMatch(/unknown rules "chess"/);
    expect(invalid({ ...base, setup: { hands: { D: [] } } })).toMatch(/unknown player "D"/);
    expect(invalid({ ...base, setup: { table: [["7H", "7H", "7H"]] } })).toMatch(
      /more than 2 copies/,
    );
    expect(invalid({ ...base, setup: { seed: 1, table: [] } })).toMatch(/cannot be combined/);
    expect(
      invalid({
        ...base,
        steps: [
          { at: 2, do: "tick" },
          { at: 1, do: "tick" },
        ],
      }),
    ).toMatch(/back in time/);
    expect(invalid({ ...base, steps: [{ at: 1, player: "A", do: "fly" }] })).toMatch(
      /unknown action "fly"/,
    );
    expect(invalid({ ...base, steps: [{ at: 1, do: "draw" }] })).toMatch(/needs a "player"/);
  });

  it("the expect block compares melds as multisets, ids only when given, and exactly the rejected steps", () => {
    const run = runScenario(base);
    if (!run.ok) throw new Error(run.error);
    expect(checkExpect(run.result, { table: [["7C", "6C", "5C", "4C"]] })).toEqual([]);
    expect(
      checkExpect(run.result, { table: [{ id: 2, cards: ["4C", "5C", "6C", "7C"] }] }),
    ).toHaveLength(2);
    expect(checkExpect(run.result, { table: [] })).toEqual([
      "table: unexpected melds [4C 5C 6C 7C]",
    ]);
    expect(checkExpect(run.result, { players: { A: { stock: 0 } }, rejected: [] })).toEqual([]);
    expect(checkExpect(run.result, { rejected: [{ step: 0 }] })).toHaveLength(1);
    expect(checkExpect(run.result, { notices: [{ to: "B" }] })).toHaveLength(1);
  });

  it("a tie-break adds who plays it and the shared pile; a long game adds the game's state", () => {
    const tied = runScenario({
      ...base,
      setup: { hands: { A: ["2H"], B: ["3S"], C: ["4D", "5D"] } },
      steps: [{ at: 120, do: "tick" }],
    });
    if (!tied.ok) throw new Error(tied.error);
    expect(tied.result.tiebreak).toEqual({ players: ["A", "B"], pile: ["3S", "2H"] });
    expect(tied.result.game).toBeUndefined();
    const long = runScenario({ ...base, setup: { ...base.setup, game: { kind: "long" } } });
    if (!long.ok) throw new Error(long.error);
    expect(long.result.game).toEqual({
      hand: 1,
      phase: "hand",
      totals: { A: 0, B: 0, C: 0 },
      over: false,
      winner: null,
      draw: null,
      reason: null,
    });
    const bad = runScenario({ ...base, setup: { game: { kind: "endless" } } });
    expect(bad.ok || bad.error).toMatch(/"single" or "long"/);
  });

  it("the CLI prints one JSON document and exits 0, or exits non-zero with the reason on stderr", () => {
    const dir = mkdtempSync(join(tmpdir(), "scenario-"));
    const good = join(dir, "good.json");
    const bad = join(dir, "bad.json");
    writeFileSync(good, JSON.stringify({ ...base, steps: [{ at: 1, player: "A", do: "draw" }] }));
    writeFileSync(bad, JSON.stringify({ players: [] }));
    const cli = ["--import", "tsx", "src/cli/scenario.ts"];
    const out = JSON.parse(execFileSync("node", [...cli, good], { encoding: "utf8" }));
    expect(out.rejected).toEqual([{ step: 0, reason: "your stock is empty (§4)" }]);
    const failed = spawnSync("node", [...cli, bad], { encoding: "utf8" });
    expect(failed.status).not.toBe(0);
    expect(failed.stdout).toBe("");
    expect(failed.stderr).toMatch(/invalid scenario: "players" must list 3 distinct names/);
  });
});
