// `npm run bench:engine`: how fast the rules engine applies commands on a busy
// table, and what the worst chain undo costs. Prints figures; asserts nothing.

import {
  cards,
  type Command,
  apply,
  mulberry32,
  applyGame,
  type GameState,
  gameViewFor,
  newGame,
  newHand,
  type HandState,
} from "@/engine";
// The engine's own benchmark times its internals too (the draft copy).
import { copyPlain, draftOf } from "@/engine/draft";
import { applyClassic, newClassicGame } from "../src/engine/classic";
import { playRandomHand, randomAction } from "@/engine/testkit";
import { busyPosition, commandFor } from "../tests/engine/random-play";
import { quantile } from "./quantile";

function time<T>(run: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = run();
  return { ms: performance.now() - start, value };
}

function mustApply(state: HandState, seat: number, command: Command, now: number): HandState {
  const result = apply(state, seat, command, now);
  if (!result.ok) throw new Error(`${JSON.stringify(command)}: ${result.rejection.reason}`);
  return result.state;
}

/**
 * Random mostly-legal commands from three seats on a full table, the state
 * carried along; every 200 commands play moves to a fresh busy position, so the
 * table never runs dry.
 */
function throughput(count: number) {
  const random = mulberry32(2024);
  const n = (k: number) => Math.floor(random() * k);
  const positions = Array.from({ length: Math.ceil(count / 200) }, (_, i) => busyPosition(i, 12));
  let state = positions[0]!;
  let now = 0;
  let accepted = 0;
  let maxLog = 0;
  const { ms } = time(() => {
    for (let i = 0; i < count; i++) {
      if (i % 200 === 0) [state, now] = [positions[i / 200]!, 0];
      now += [0, n(2000), n(6000)][n(3)]!;
      const { seat, command } = commandFor(state, {
        seat: n(3),
        kind: n(41),
        a: n(1000),
        b: n(1000),
        dt: 0,
      });
      const result = apply(state, seat, command, now);
      if (result.ok) {
        accepted++;
        state = result.state;
        maxLog = Math.max(maxLog, state.log.length);
      }
    }
  });
  return { ms, accepted, maxLog };
}

/**
 * The longest chain we can build: B keeps four 5s on trial; A and C then take
 * turns extending the four runs card by card, each a play of its own leaning
 * on the one before. B's Cancel brings every one of them down.
 */
function worstChain(): { before: HandState; plays: number } {
  const suits = ["H", "S", "D", "C"];
  const created = newHand({
    now: 0,
    setup: {
      removed: [],
      stocks: [[], [], []],
      hands: [
        cards(suits.flatMap((s) => ["6", "8", "10", "Q"].map((r) => r + s)).join(" ")),
        cards([...suits.map((s) => `5${s}`), "2S"].join(" ")).map((c) =>
          c === cards("2S")[0] ? c + 52 : c,
        ),
        cards(suits.flatMap((s) => ["7", "9", "J", "K"].map((r) => r + s)).join(" ")),
      ],
      table: [
        ...suits.map((s) => cards(`2${s} 3${s} 4${s}`)),
        cards("9H 10H JH").map((c) => c + 52),
      ],
    },
  });
  if (!created.ok) throw new Error(created.error);
  let state = created.state;
  let now = 0;
  // B's junk on meld 5 keeps its play open, so its 5s stay on trial.
  state = mustApply(state, 1, { do: "add", card: cards("2S")[0]! + 52, meld: 5 }, (now += 10));
  suits.forEach((s, i) => {
    state = mustApply(state, 1, { do: "add", card: cards(`5${s}`)[0]!, meld: i + 1 }, (now += 10));
  });
  let plays = 0;
  for (const rank of ["6", "7", "8", "9", "10", "J", "Q", "K"]) {
    suits.forEach((s) => {
      const card = cards(`${rank}${s}`)[0]!;
      const seat = state.players[0]!.hand.includes(card) ? 0 : 2;
      const meld = state.table.find((m) =>
        m.cards.some(
          (c) => c % 13 === (card % 13) - 1 && Math.floor(c / 13) % 4 === Math.floor(card / 13) % 4,
        ),
      )!;
      state = mustApply(state, seat, { do: "add", card, meld: meld.id }, (now += 10));
      plays++;
    });
  }
  return { before: state, plays };
}

const COUNT = 20_000;
const run = throughput(COUNT);
console.log(`busy table: ${COUNT} random commands from 3 seats in ${run.ms.toFixed(0)} ms`);
console.log(
  `  ${Math.round((COUNT / run.ms) * 1000)} commands/s (${run.accepted} accepted), log up to ${run.maxLog} steps`,
);

const { before, plays } = worstChain();
const { value: cancelled } = time(() => apply(before, 1, { do: "cancel" }, before.now + 10));
if (!cancelled.ok) throw new Error(cancelled.rejection.reason);
const undone = cancelled.events.filter((e) => e.type === "undone").length;
const REPEAT = 50;
const { ms } = time(() => {
  for (let i = 0; i < REPEAT; i++) apply(before, 1, { do: "cancel" }, before.now + 10);
});
console.log(
  `worst chain undo: Cancel bringing down ${undone - 1} of ${plays} dependent plays (${before.log.length} logged steps): ${(ms / REPEAT).toFixed(2)} ms`,
);
const { ms: draftMs } = time(() => {
  for (let i = 0; i < 1000; i++) draftOf(before);
});
const { ms: cloneMs } = time(() => {
  for (let i = 0; i < 1000; i++) copyPlain(before);
});
console.log(
  `copy-on-apply: a command's copy of that state costs ${(draftMs / 1000).toFixed(3)} ms (a generic deep copy: ${(cloneMs / 1000).toFixed(3)} ms)`,
);

// Whole hands (§7–§12): three random players from their views on a virtual clock.
const HANDS = 200;
let commands = 0;
const { ms: handsMs } = time(() => {
  for (let seed = 0; seed < HANDS; seed++) commands += playRandomHand({ seed }).commands;
});
console.log(
  `whole hands: ${HANDS} random hands in ${handsMs.toFixed(0)} ms, ${(handsMs / HANDS).toFixed(1)} ms a hand, ` +
    `${Math.round((commands / handsMs) * 1000)} commands/s including each seat's view and choice`,
);

/**
 * Late in a hand, where the live server spends most per action: each random game's states after
 * its 150th accepted command, each with the next seat's random command from its own view.
 */
function lateStates(games: number) {
  const random = mulberry32(7);
  const late: { game: GameState; seat: number; command: Command; now: number }[] = [];
  for (let seed = 0; seed < games; seed++) {
    const created = newGame({ kind: "single", seed: 1000 + seed, now: 0 });
    if (!created.ok) throw new Error(created.error);
    let game = created.game;
    let now = 0;
    let accepted = 0;
    for (let step = 0; step < 3000 && !game.hand.outcome; step++) {
      now += 700;
      const seat = step % 3;
      const command = randomAction(gameViewFor(game, seat).hand, random);
      if (!command) continue;
      if (accepted >= 150) late.push({ game, seat, command, now });
      const result = applyGame(game, seat, command, now);
      if (!result.ok) continue;
      game = result.game;
      accepted++;
    }
  }
  return late;
}

const late = lateStates(40);
const ROUNDS = 5;
const { ms: lateApplyMs } = time(() => {
  for (let r = 0; r < ROUNDS; r++)
    for (const { game, seat, command, now } of late) applyGame(game, seat, command, now);
});
const { ms: lateViewMs } = time(() => {
  for (let r = 0; r < ROUNDS; r++) for (const { game } of late) gameViewFor(game, null);
});
const perState = (ms: number) => ((1000 * ms) / (ROUNDS * late.length)).toFixed(1);
console.log(
  `late in a hand (${late.length} states after the 150th command of 40 random games): ` +
    `applyGame ${perState(lateApplyMs)} µs, the public view ${perState(lateViewMs)} µs`,
);

/**
 * Classic Machiavelli: validating a full-table `turn` (the reference path of a classic play).
 * Eight runs A–10 on the table (80 cards); the mover splits four of them and lays a Jack on
 * each upper part: 84 cards in 12 combinations judged, the state copied, the play applied.
 */
function classicFullTable() {
  const suits = ["S", "H", "D", "C"];
  const runs = [0, 1].flatMap((copy) =>
    suits.map((s) =>
      cards(["A", 2, 3, 4, 5, 6, 7, 8, 9, 10].map((r) => `${r}${s}`).join(" ")).map(
        (c) => c + copy * 52,
      ),
    ),
  );
  const created = newClassicGame({
    players: 4,
    now: 0,
    options: { target: null },
    setup: {
      hands: [cards("JS JH JD JC QD QC"), [], [], []],
      stock: cards("KS KH KD"),
      table: runs,
    },
  });
  if (!created.ok) throw new Error(created.error);
  const state = created.state;
  const jacks = cards("JS JH JD JC");
  const table = [
    ...runs.slice(0, 4).flatMap((run, i) => [run.slice(0, 5), [...run.slice(5), jacks[i]!]]),
    ...runs.slice(4),
  ];
  return { state, table };
}

const classicTurn = classicFullTable();
// Wall time, and the process's CPU time for the same call: on a shared machine the wall
// time's tail is mostly the time the OS gave to others, which CPU time leaves out.
const classicWall: number[] = [];
const classicCpu: number[] = [];
for (let i = 0; i < 5000; i++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = applyClassic(classicTurn.state, 0, { do: "turn", table: classicTurn.table }, 1000);
  classicWall.push(performance.now() - start);
  const used = process.cpuUsage(cpu);
  classicCpu.push((used.user + used.system) / 1000);
  if (!result.ok || result.state.table.length !== 12)
    throw new Error("the classic turn did not stand");
}
classicWall.sort((a, b) => a - b);
classicCpu.sort((a, b) => a - b);
console.log(
  `classic: a full-table turn (84 cards, 12 combinations) validated and applied: ` +
    `p50 ${quantile(classicWall, 0.5).toFixed(3)} ms, p99 ${quantile(classicWall, 0.99).toFixed(3)} ms ` +
    `(CPU time p99 ${quantile(classicCpu, 0.99).toFixed(3)} ms)`,
);
