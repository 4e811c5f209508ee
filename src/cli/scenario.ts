// `npm run -s scenario -- FILE.json`: runs a scenario file and prints its result
// as one JSON document. Exit 0 even with rejected steps; non-zero, with the
// reason on stderr, only for a file that is not a valid scenario.

import { readFileSync } from "node:fs";
import { runScenario } from "@/engine/testkit";

function main(args: string[]): number {
  const path = args[0];
  if (!path || args.length > 1) {
    process.stderr.write("usage: npm run -s scenario -- FILE.json\n");
    return 2;
  }
  let file: unknown;
  try {
    file = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    process.stderr.write(`${path}: ${(error as Error).message}\n`);
    return 1;
  }
  const run = runScenario(file);
  if (!run.ok) {
    process.stderr.write(`${path}: invalid scenario: ${run.error}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(run.result, null, 2)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
