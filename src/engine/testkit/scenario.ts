// The scenario runner (../shared/scenario-format.md): a JSON file sets up one
// hand and drives it with timed actions on a virtual clock (`at` seconds ×
// 1000 ms). Pure: the CLI reads the file, this validates and runs it.

import { type CardId, cardName, compareBySuit, copiesNamed } from "../cards";
import { type Command, type CommandName, COMMAND_NAMES } from "../commands";
import { describeUndo, type EngineEvent } from "../engine-events";
import { advanceGame, applyGame, type GameKind, type GameState, newGame } from "../game";
import { deal, type HandSetup, SEATS } from "../setup";
import { handOf, type HandState, type Seat } from "../state";
import { spectatorView } from "../views";
import { runClassicScenario } from "./classic-scenario";
import type { ScenarioResult } from "./scenario-result";

export type ScenarioRun = { ok: true; result: ScenarioResult } | { ok: false; error: string };

/** The scenario format's actions: the engine's commands, and "tick". */
const ACTIONS: readonly unknown[] = [...COMMAND_NAMES, "tick"];

class InvalidScenario extends Error {}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function fail(message: string): never {
  throw new InvalidScenario(message);
}

/** Runs a scenario file's parsed JSON; an invalid file gives an error, never a partial result. */
export function runScenario(file: unknown): ScenarioRun {
  try {
    return { ok: true, result: run(file) };
  } catch (error) {
    if (error instanceof InvalidScenario) return { ok: false, error: error.message };
    throw error;
  }
}

function run(file: unknown): ScenarioResult {
  if (!isObject(file)) fail("a scenario is a JSON object");
  const rules = file.rules ?? "machiavelox";
  if (rules === "classic") return withExpect(file, runClassicScenario(file, fail));
  if (rules !== "machiavelox") fail(`unknown rules ${JSON.stringify(rules)}`);
  const players = file.players;
  if (
    !Array.isArray(players) ||
    players.length !== SEATS ||
    !players.every((p) => typeof p === "string" && p.length > 0) ||
    new Set(players).size !== players.length
  )
    fail(`"players" must list ${SEATS} distinct names`);
  const names = players as string[];
  const setup = isObject(file.setup) ? file.setup : fail('"setup" must be an object');
  const created = newGame({ now: 0, ...gameSetup(setup, names), ...handSetup(setup, names) });
  if (!created.ok) fail(`setup: ${created.error}`);
  if (!Array.isArray(file.steps)) fail('"steps" must be a list');
  const steps = file.steps.map((step, i) => checkStep(step, i));
  steps.forEach((step, i) => {
    if (i > 0 && step.at < steps[i - 1]!.at) fail(`step ${i}: "at" goes back in time`);
  });

  let game = created.game;
  const rejected: ScenarioResult["rejected"] = [];
  const notices: ScenarioResult["notices"] = [];
  const collect = (events: EngineEvent[]) => {
    for (const e of events)
      if (e.type === "undone")
        notices.push({
          to: names[e.seat]!,
          at: e.at / 1000,
          text: describeUndo(e, (s) => names[s] ?? `seat ${s}`),
        });
  };
  steps.forEach((step, index) => {
    const now = Math.round(step.at * 1000);
    const advanced = advanceGame(game, now);
    collect(advanced.events);
    game = advanced.game;
    if (step.raw.do === "tick") return;
    const seat = names.indexOf(step.raw.player as string);
    const command = seat < 0 ? null : toCommand(game.hand, seat, step.raw);
    if (seat < 0 || typeof command === "string") {
      const reason =
        seat < 0 ? `${JSON.stringify(step.raw.player)} is not a player in this hand` : command;
      rejected.push({ step: index, reason: reason as string });
      return;
    }
    const outcome = applyGame(game, seat, command, now);
    if (!outcome.ok) {
      rejected.push({ step: index, reason: outcome.rejection.reason });
      return;
    }
    collect(outcome.events);
    game = outcome.game;
  });

  return withExpect(file, resultOf(game, names, rejected, notices));
}

function withExpect(file: Json, result: ScenarioResult): ScenarioResult {
  if (file.expect !== undefined) {
    const failures = checkExpect(result, file.expect);
    result.expect = { passed: failures.length === 0, failures };
  }
  return result;
}

/** `setup.game` (a long game, its seed and the points already won) and `setup.absent`. */
function gameSetup(
  setup: Json,
  names: string[],
): { kind: GameKind; seed: number; totals?: number[]; absent: Seat[] } {
  const game = setup.game === undefined ? {} : setup.game;
  if (!isObject(game)) fail("setup.game must be an object");
  const kind = game.kind ?? "single";
  if (kind !== "single" && kind !== "long") fail('setup.game.kind is "single" or "long"');
  const seed = game.seed ?? setup.seed ?? 1;
  if (typeof seed !== "number" || !Number.isInteger(seed))
    fail("setup.game.seed must be an integer");
  let totals: number[] | undefined;
  if (game.totals !== undefined) {
    const given = isObject(game.totals)
      ? game.totals
      : fail("setup.game.totals must map players to points");
    for (const key of Object.keys(given))
      if (!names.includes(key)) fail(`setup.game.totals: unknown player "${key}"`);
    totals = names.map((n) => {
      const points = given[n] ?? 0;
      return typeof points === "number" && Number.isInteger(points)
        ? points
        : fail(`setup.game.totals.${n} must be an integer`);
    });
  }
  const absent = setup.absent ?? [];
  if (!Array.isArray(absent) || !absent.every((n) => names.includes(n)))
    fail("setup.absent must list players of this hand");
  return { kind, seed, totals, absent: absent.map((n) => names.indexOf(n)) };
}

function handSetup(setup: Json, names: string[]): { setup: HandSetup } {
  const achieved = isObject(setup.achieved) ? setup.achieved : {};
  for (const key of Object.keys(achieved))
    if (!names.includes(key)) fail(`setup.achieved: unknown player "${key}"`);
  const achievedList = names.map((n) => {
    const a = achieved[n];
    return isObject(a) ? { drawn: a.drawn === true, laidMeld: a.laidMeld === true } : {};
  });
  if (setup.seed !== undefined) {
    if (typeof setup.seed !== "number" || !Number.isInteger(setup.seed))
      fail("setup.seed must be an integer");
    for (const key of ["stocks", "hands", "table", "removed"])
      if (setup[key] !== undefined) fail(`setup.${key} cannot be combined with a seed`);
    return { setup: { ...deal(setup.seed), achieved: achievedList } };
  }
  const copiesUsed = new Map<string, number>();
  const resolve = (list: unknown, where: string): CardId[] => {
    if (!Array.isArray(list)) fail(`${where} must be a list of cards`);
    return list.map((text) => {
      const copies = typeof text === "string" ? copiesNamed(text) : [];
      if (copies.length === 0) fail(`${where}: ${JSON.stringify(text)} is not a card`);
      const key = cardName(copies[0]!);
      const next = copiesUsed.get(key) ?? 0;
      if (next >= copies.length) fail(`${where}: more than ${copies.length} copies of ${key}`);
      copiesUsed.set(key, next + 1);
      return copies[next]!;
    });
  };
  const perPlayer = (value: unknown, what: string): CardId[][] => {
    if (value === undefined) return names.map(() => []);
    if (!isObject(value)) fail(`setup.${what} must map players to card lists`);
    for (const key of Object.keys(value))
      if (!names.includes(key)) fail(`setup.${what}: unknown player "${key}"`);
    return names.map((n) =>
      value[n] === undefined ? [] : resolve(value[n], `setup.${what}.${n}`),
    );
  };
  const removed = setup.removed === undefined ? [] : resolve(setup.removed, "setup.removed");
  const stocks = perPlayer(setup.stocks, "stocks");
  const hands = perPlayer(setup.hands, "hands");
  if (setup.table !== undefined && !Array.isArray(setup.table))
    fail("setup.table must be a list of melds");
  const table = ((setup.table as unknown[] | undefined) ?? []).map((meld, i) =>
    resolve(meld, `setup.table[${i}]`),
  );
  return { setup: { removed, stocks, hands, table, achieved: achievedList } };
}

function checkStep(step: unknown, index: number): { at: number; raw: Json } {
  if (!isObject(step)) fail(`step ${index} must be an object`);
  if (typeof step.at !== "number" || !Number.isFinite(step.at) || step.at < 0)
    fail(`step ${index}: "at" must be a number of seconds, 0 or more`);
  if (!ACTIONS.includes(step.do)) fail(`step ${index}: unknown action ${JSON.stringify(step.do)}`);
  if (step.do === "tick" && step.player !== undefined) fail(`step ${index}: "tick" has no player`);
  if (step.do !== "tick" && typeof step.player !== "string")
    fail(`step ${index}: "${step.do}" needs a "player"`);
  return { at: step.at, raw: step };
}

/**
 * Turns a step into an engine command, resolving card names to physical cards
 * by context: the copy in the player's hand or staging area, or in the named
 * meld. Returns a rejection reason for a name that is not a card.
 */
function toCommand(state: HandState, seat: Seat, raw: Json): Command | string {
  const player = state.players[seat]!;
  const inMeld = (id: unknown) => state.table.find((m) => m.id === id)?.cards ?? [];
  const taken: CardId[] = [];
  const pick = (text: unknown, place: readonly CardId[]): CardId | string => {
    if (typeof text !== "string")
      return `a card must be named like "7H", not ${JSON.stringify(text)}`;
    const copies = copiesNamed(text).filter((c) => !taken.includes(c));
    if (copies.length === 0) return `${JSON.stringify(text)} is not a card`;
    const card = copies.find((c) => place.includes(c)) ?? copies[0]!;
    taken.push(card);
    return card;
  };
  const name = raw.do as CommandName;
  const command: Json = { do: name };
  for (const [key, value] of Object.entries(raw)) {
    if (key === "at" || key === "player" || key === "do") continue;
    if (key === "card") {
      const place = ["stage", "add"].includes(name)
        ? handOf(state, seat)
        : ["unstage", "place"].includes(name)
          ? player.staging
          : inMeld(name === "move" ? raw.from : raw.meld);
      const card = pick(value, place);
      if (typeof card === "string") return card;
      command.card = card;
    } else if (key === "cards" && Array.isArray(value)) {
      const cards = value.map((v) => pick(v, player.staging));
      const bad = cards.find((c) => typeof c === "string");
      if (bad !== undefined) return bad as string;
      command.cards = cards;
    } else command[key] = value;
  }
  return command as unknown as Command;
}

function resultOf(
  game: GameState,
  names: string[],
  rejected: ScenarioResult["rejected"],
  notices: ScenarioResult["notices"],
): ScenarioResult {
  const state = game.hand;
  const sorted = (cards: CardId[]) => [...cards].sort(compareBySuit).map(cardName);
  const view = spectatorView(state);
  const outcome = state.outcome;
  const nameOf = (seat: Seat | null) => (seat === null ? null : names[seat]!);
  const result: ScenarioResult = {
    time: game.now / 1000,
    table: view.table.map((m) => ({ id: m.id, cards: m.cards.map((c) => cardName(c.card)) })),
    players: Object.fromEntries(
      state.players.map((p, seat) => [
        names[seat]!,
        {
          hand: sorted(p.hand),
          staging: sorted(p.staging),
          stock: p.stock.length,
          status: p.status,
          score: outcome?.scores[seat] ?? null,
        },
      ]),
    ),
    hand: {
      over: outcome !== null,
      winner: nameOf(outcome?.winner ?? null),
      draw: outcome?.draw?.map((seat) => names[seat]!) ?? null,
      reason: outcome?.reason ?? null,
    },
    rejected,
    notices,
  };
  if (state.tiebreak)
    result.tiebreak = {
      players: state.tiebreak.seats.map((seat) => names[seat]!),
      pile: sorted(state.tiebreak.pile),
    };
  if (game.kind === "long")
    result.game = {
      hand: game.number,
      phase: game.phase,
      totals: Object.fromEntries(game.totals.map((t, seat) => [names[seat]!, t])),
      over: game.result !== null,
      winner: nameOf(game.result?.winner ?? null),
      draw: game.result?.draw?.map((seat) => names[seat]!) ?? null,
      reason: game.result?.reason ?? null,
    };
  return result;
}

const multiset = (cards: unknown): string =>
  Array.isArray(cards)
    ? cards
        .map((c) => {
          const copies = typeof c === "string" ? copiesNamed(c) : [];
          return copies.length > 0 ? cardName(copies[0]!) : String(c);
        })
        .sort()
        .join(" ")
    : JSON.stringify(cards);

/** Compares a result with a scenario's "expect" block; returns what did not match. */
export function checkExpect(result: ScenarioResult, expect: unknown): string[] {
  if (!isObject(expect)) return ["expect must be an object"];
  const failures: string[] = [];
  const same = (what: string, actual: unknown, wanted: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(wanted))
      failures.push(`${what}: expected ${JSON.stringify(wanted)}, got ${JSON.stringify(actual)}`);
  };

  if (expect.table !== undefined) {
    if (!Array.isArray(expect.table)) failures.push("expect.table must be a list");
    else {
      const pool = [...result.table];
      const shown = result.table.map((m) => `${m.id}:[${m.cards.join(" ")}]`).join(" ");
      for (const entry of expect.table) {
        const withId = isObject(entry);
        const wanted = multiset(withId ? entry.cards : entry);
        const index = pool.findIndex(
          (m) => multiset(m.cards) === wanted && (!withId || m.id === entry.id),
        );
        if (index < 0)
          failures.push(
            `table: no meld ${withId ? `#${String(entry.id)} ` : ""}[${wanted}] in ${shown}`,
          );
        else pool.splice(index, 1);
      }
      if (pool.length > 0)
        failures.push(
          `table: unexpected melds ${pool.map((m) => `[${m.cards.join(" ")}]`).join(" ")}`,
        );
    }
  }

  if (isObject(expect.players)) {
    for (const [name, wanted] of Object.entries(expect.players)) {
      const actual = result.players[name];
      if (!actual || !isObject(wanted)) {
        failures.push(`players: no player "${name}"`);
        continue;
      }
      for (const [field, value] of Object.entries(wanted)) {
        const got = actual[field as keyof typeof actual];
        if (field === "hand" || field === "staging")
          same(`${name}.${field}`, multiset(got), multiset(value));
        else same(`${name}.${field}`, got, value);
      }
    }
  }

  if (isObject(expect.hand)) {
    for (const [field, value] of Object.entries(expect.hand))
      same(`hand.${field}`, result.hand[field as keyof ScenarioResult["hand"]], value);
  }

  if (expect.turn !== undefined) same("turn", result.turn ?? null, expect.turn);
  if (expect.stock !== undefined) same("stock", result.stock, expect.stock);
  if (expect.faceUp !== undefined)
    same("faceUp", multiset(result.faceUp ?? []), multiset(expect.faceUp));

  if (isObject(expect.tiebreak)) {
    same("tiebreak.players", result.tiebreak?.players ?? null, expect.tiebreak.players);
    if (expect.tiebreak.pile !== undefined)
      same("tiebreak.pile", multiset(result.tiebreak?.pile ?? []), multiset(expect.tiebreak.pile));
  }

  if (isObject(expect.game)) {
    for (const [field, value] of Object.entries(expect.game))
      same(
        `game.${field}`,
        result.game?.[field as keyof NonNullable<ScenarioResult["game"]>],
        value,
      );
  }

  if (expect.rejected !== undefined) {
    const wanted = Array.isArray(expect.rejected) ? expect.rejected.filter(isObject) : [];
    const steps = (list: { step?: unknown }[]) =>
      list.map((r) => r.step).sort((a, b) => Number(a) - Number(b));
    same("rejected steps", steps(result.rejected), steps(wanted));
    for (const w of wanted) {
      const got = result.rejected.find((r) => r.step === w.step);
      if (got && typeof w.reason === "string" && !got.reason.includes(w.reason))
        failures.push(`step ${String(w.step)} rejected for "${got.reason}", not "${w.reason}"`);
    }
  }

  if (Array.isArray(expect.notices)) {
    for (const w of expect.notices.filter(isObject)) {
      const found = result.notices.some(
        (n) =>
          (w.to === undefined || n.to === w.to) &&
          (w.at === undefined || n.at === w.at) &&
          (typeof w.text !== "string" || n.text.includes(w.text)),
      );
      if (!found)
        failures.push(
          `no notice ${JSON.stringify(w)} among ${JSON.stringify(result.notices.map((n) => ({ to: n.to, at: n.at, text: n.text })))}`,
        );
    }
  }
  return failures;
}
