// Every scenario file under tests/scenarios runs here, one test per file, and
// must meet its own "expect" block.

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { runScenario } from "@/engine/testkit";

const root = join(__dirname, "..", "scenarios");

function scenarioFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? scenarioFiles(join(dir, entry.name))
      : entry.name.endsWith(".json")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("scenario files", () => {
  for (const path of scenarioFiles(root).sort()) {
    const file = JSON.parse(readFileSync(path, "utf8")) as { title?: string; expect?: unknown };
    it(file.title ?? relative(root, path), () => {
      const run = runScenario(file);
      if (!run.ok) throw new Error(`${relative(root, path)}: ${run.error}`);
      expect(file.expect, "every scenario states what it expects").toBeDefined();
      expect(run.result.expect?.failures).toEqual([]);
    });
  }
});
