// `npm run fuzz -- --actions 1000000 --seed S`: three random players (sensible, meddling,
// «Stop!», absences, Leave, junk) drive hand after hand on a virtual clock, with every
// invariant of tests/engine/fuzz.ts checked after every command and timer and each hand's
// log replayed at its end. Prints one summary; on a failure, exits 1 with the seed and a
// shrunk command log, which `npm run fuzz -- --replay FILE` runs again.

import { readFileSync } from "node:fs";
import { fuzz, INVARIANTS, replay, type Repro } from "../../tests/engine/fuzz";

const USAGE = "usage: npm run fuzz -- [--actions N] [--seed S] | --replay FILE.json";

function parse(args: string[]): { actions: number; seed: number } | { replay: string } | string {
  const options = { actions: 1_000_000, seed: 1 };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (flag === "--replay" && value !== undefined && args.length === 2) return { replay: value };
    const number = Number(value);
    if ((flag !== "--actions" && flag !== "--seed") || !Number.isInteger(number)) return USAGE;
    options[flag === "--actions" ? "actions" : "seed"] = number;
  }
  if (options.actions < 1) return "--actions must be at least 1";
  return options;
}

function main(args: string[]): number {
  const options = parse(args);
  if (typeof options === "string") {
    process.stderr.write(`${options}\n`);
    return 2;
  }
  if ("replay" in options) {
    const repro = JSON.parse(readFileSync(options.replay, "utf8")) as Repro;
    const { failure, checks } = replay(repro);
    process.stdout.write(
      failure
        ? `fails at command ${failure.index}: ${failure.invariant}: ${failure.message}\n`
        : `no failure (${checks} invariants checked)\n`,
    );
    return failure ? 1 : 0;
  }
  const started = performance.now();
  let shown = 0;
  const report = fuzz({
    ...options,
    stopAtFailure: true,
    // Progress on stderr now and then: a million actions take a while.
    onHand: ({ actions, hands }) => {
      if (actions - shown < 50_000) return;
      shown = actions;
      const seconds = (performance.now() - started) / 1000;
      process.stderr.write(`${actions} actions, ${hands} hands, ${seconds.toFixed(0)} s\n`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const seen = Object.entries(report.seen)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");
  const lines = [
    `seed ${options.seed}: ${report.actions} actions run (${report.accepted} accepted), ` +
      `${report.timers} timers, ${report.hands} hands, in ${seconds.toFixed(1)} s`,
    `invariants checked: ${report.checks} (${INVARIANTS.map((i) => i.name).join("; ")}; ` +
      `no command throws; bad input is refused; after every command and timer) + ` +
      `${report.replays} hand replays`,
    `failures: ${report.failures.length}`,
    `actions per second: ${(report.actions / seconds).toFixed(0)}`,
    `reached: ${seen}`,
  ];
  for (const { seed, hand, failure, repro } of report.failures)
    lines.push(
      "",
      `FAILURE with --seed ${seed}, hand ${hand}, command ${failure.index}: ${failure.invariant}`,
      `  ${failure.message}`,
      `reproduction (${repro.commands.length} commands; save it and run npm run fuzz -- --replay FILE):`,
      JSON.stringify(repro),
    );
  process.stdout.write(`${lines.join("\n")}\n`);
  return report.failures.length > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
