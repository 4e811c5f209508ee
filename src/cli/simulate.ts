// `npm run simulate -- --hands 1000 --seed 1`: plays whole hands with three
// random players on a virtual clock (no waiting) and prints how they ended,
// how long they lasted and what they scored — a sanity check of the rules'
// dynamics (§7–§12). With `--players hard,medium,easy` the seats are bots of
// those levels instead, rotating seats from hand to hand (src/bots/tournament.ts).
// `--rules classic [--variant tahiti,thirty-six] [--players 4]` plays classic
// rounds with random players instead (src/engine/testkit/classic-random-player.ts), and
// `--rules classic --players hard,medium,easy` a tournament of classic bots
// (src/bots/classic/tournament.ts).

import { BOT_LEVELS, type BotLevel, isBotLevel } from "../bots/policy";
import { formatTournament, runTournament } from "../bots/tournament";
import { formatClassicTournament, runClassicTournament } from "../bots/classic/tournament";
import { VARIANTS, type Variant } from "@/engine/classic";
import {
  playRandomClassicRound,
  playRandomHand,
  type RandomHand,
  type RandomRound,
} from "@/engine/testkit";
import { type HandEndReason } from "@/engine";

const ENDINGS: (HandEndReason | "unfinished")[] = [
  "out",
  "silence",
  "tiebreak",
  "draw",
  "survivor",
  "abandoned",
  "unfinished",
];

function parse(
  args: string[],
): { hands: number; seed: number; players: BotLevel[] | null } | string {
  const options = { hands: 1000, seed: 1, players: null as BotLevel[] | null };
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] === "--players") {
      const players = (args[i + 1] ?? "").split(",");
      if (players.length !== 3 || !players.every(isBotLevel))
        return `--players takes three of ${BOT_LEVELS.join(", ")}, e.g. hard,medium,easy`;
      options.players = players;
      continue;
    }
    const [flag, value] = [args[i], Number(args[i + 1])];
    if ((flag !== "--hands" && flag !== "--seed") || !Number.isInteger(value))
      return "usage: npm run simulate -- [--hands N] [--seed S] [--players hard,medium,easy]";
    options[flag === "--hands" ? "hands" : "seed"] = value;
  }
  if (options.hands < 1) return "--hands must be at least 1";
  return options;
}

const average = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
const range = (values: number[]) =>
  values.length === 0
    ? "-"
    : `avg ${average(values).toFixed(1)}, min ${Math.min(...values)}, max ${Math.max(...values)}`;

const CLASSIC_USAGE =
  "usage: npm run simulate -- --rules classic [--variant standard|thirty-six,tahiti,…] [--players 2..8 | hard,medium,easy] [--hands N] [--seed S]";

function parseClassic(
  args: string[],
):
  | { hands: number; seed: number; players: number; bots: BotLevel[] | null; variants: Variant[] }
  | string {
  const options = {
    hands: 1000,
    seed: 1,
    players: 4,
    bots: null as BotLevel[] | null,
    variants: [] as Variant[],
  };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1] ?? ""];
    if (flag === "--rules" && value === "classic") continue;
    if (flag === "--players" && value.includes(",")) {
      const bots = value.split(",");
      if (bots.length < 2 || bots.length > 8 || !bots.every(isBotLevel))
        return `--players takes 2 to 8 of ${BOT_LEVELS.join(", ")}, e.g. hard,medium,easy`;
      options.bots = bots;
      continue;
    }
    if (flag === "--variant") {
      const list = value.split(",").filter((v) => v !== "standard");
      if (!list.every((v) => VARIANTS.includes(v as Variant)))
        return `--variant takes standard or a list of ${VARIANTS.join(", ")}`;
      options.variants = list as Variant[];
      continue;
    }
    const number = Number(value);
    if (!["--hands", "--seed", "--players"].includes(flag!) || !Number.isInteger(number))
      return CLASSIC_USAGE;
    options[flag!.slice(2) as "hands" | "seed" | "players"] = number;
  }
  if (options.hands < 1) return "--hands must be at least 1";
  return options;
}

/** Classic rounds with random players: how they ended and what they scored. */
function mainClassic(args: string[]): number {
  const options = parseClassic(args);
  if (typeof options === "string") {
    process.stderr.write(`${options}\n`);
    return 2;
  }
  const started = performance.now();
  const variant = options.variants.join("+") || "standard";
  if (options.bots) {
    const result = runClassicTournament({ ...options, players: options.bots });
    const seconds = (performance.now() - started) / 1000;
    const lines = [
      `classic bots ${options.bots.join(", ")} (${variant}) from seed ${options.seed}, ${seconds.toFixed(1)} s`,
    ];
    process.stdout.write(`${[...lines, ...formatClassicTournament(result)].join("\n")}\n`);
    return result.unfinished > 0 ? 1 : 0;
  }
  const rounds: RandomRound[] = [];
  try {
    for (let i = 0; i < options.hands; i++)
      rounds.push(
        playRandomClassicRound({
          seed: options.seed + i,
          players: options.players,
          options: { variants: options.variants },
        }),
      );
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const seconds = (performance.now() - started) / 1000;
  const ended = (reason: string | null) =>
    rounds.filter((r) => (r.outcome?.reason ?? null) === reason);
  const share = (count: number) =>
    `${String(count).padStart(6)}  ${((count / rounds.length) * 100).toFixed(1).padStart(5)}%`;
  const lines = [
    `${options.hands} classic rounds (${variant}, ${options.players} random players) from seed ${options.seed}, simulated in ${seconds.toFixed(1)} s`,
    "",
    "how they ended:",
    `  out        ${share(ended("out").length)}`,
    `  blocked    ${share(ended("blocked").length)}`,
    `    of which tied ${ended("blocked").filter((r) => r.outcome!.draw !== null).length}`,
    `  unfinished ${share(ended(null).length)}`,
    "",
    `turns a round: ${range(rounds.map((r) => r.turns))}; failed moves a round: ${average(rounds.map((r) => r.failed)).toFixed(2)}`,
    `penalty points of the others: ${range(rounds.flatMap((r) => (r.outcome ? r.outcome.scores.filter((_, seat) => seat !== r.outcome!.winner && !r.outcome!.draw?.includes(seat)) : [])))}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  return ended(null).length > 0 ? 1 : 0;
}

function main(args: string[]): number {
  if (args.includes("--rules")) {
    const rules = args[args.indexOf("--rules") + 1];
    if (rules === "classic") return mainClassic(args);
    if (rules !== "machiavelox") {
      process.stderr.write("--rules is machiavelox or classic\n");
      return 2;
    }
    args = args.filter(
      (_, i) => i !== args.indexOf("--rules") && i !== args.indexOf("--rules") + 1,
    );
  }
  const options = parse(args);
  if (typeof options === "string") {
    process.stderr.write(`${options}\n`);
    return 2;
  }
  const started = performance.now();
  if (options.players) {
    const result = runTournament({ ...options, players: options.players });
    const seconds = (performance.now() - started) / 1000;
    const lines = [
      `bots ${options.players.join(", ")} from seed ${options.seed}, ${seconds.toFixed(1)} s`,
    ];
    process.stdout.write(`${[...lines, ...formatTournament(result)].join("\n")}\n`);
    return result.unfinished > 0 ? 1 : 0;
  }
  const hands: RandomHand[] = [];
  for (let i = 0; i < options.hands; i++) hands.push(playRandomHand({ seed: options.seed + i }));
  const seconds = (performance.now() - started) / 1000;

  const ending = (hand: RandomHand) => hand.outcome?.reason ?? "unfinished";
  const lines = [
    `${options.hands} hands from seed ${options.seed}, simulated in ${seconds.toFixed(1)} s`,
    "",
    "how they ended:",
    ...ENDINGS.map((reason) => {
      const count = hands.filter((h) => ending(h) === reason).length;
      return `  ${reason.padEnd(10)} ${String(count).padStart(6)}  ${((count / hands.length) * 100).toFixed(1).padStart(5)}%`;
    }),
    "",
    `average length: ${(average(hands.map((h) => h.duration)) / 60_000).toFixed(1)} min of play, ` +
      `${average(hands.map((h) => h.commands)).toFixed(0)} commands ` +
      `(${average(hands.map((h) => h.accepted)).toFixed(0)} accepted)`,
    "",
    "hand scores:",
  ];
  for (const reason of ENDINGS) {
    const ended = hands.filter((h) => h.outcome?.reason === reason);
    if (ended.length === 0) continue;
    const winners = ended.flatMap((h) =>
      h.outcome!.winner === null ? [] : [h.outcome!.scores[h.outcome!.winner]!],
    );
    const drawn = ended.flatMap((h) => (h.outcome!.draw ?? []).map((s) => h.outcome!.scores[s]!));
    const parts = [
      winners.length > 0 ? `winner ${range(winners)}` : null,
      drawn.length > 0 ? `tied ${range(drawn)}` : null,
      `per seat ${range(ended.flatMap((h) => h.outcome!.scores))}`,
    ];
    lines.push(`  ${reason.padEnd(10)} ${parts.filter(Boolean).join("; ")}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return hands.some((h) => h.outcome === null) ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
