// Classic scenario files (../shared/scenario-format.md, "Classic Machiavelli"):
// the same runner, the same cards and result, with the shared stock, the
// whole-table `turn`, `draw` and `pass`, and the finer steps of a live turn.

import type { CardId } from "../cards";
import type { ScenarioResult } from "./scenario-result";
import type { Seat } from "../state";
import { classicCopiesNamed, classicName, compareClassic, isJoker } from "../classic/cards";
import { CLASSIC_COMMAND_NAMES } from "../classic/commands";
import { advanceClassic, applyClassic } from "../classic/engine";
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  type ClassicOptions,
  type Variant,
  VARIANTS,
} from "../classic/options";
import { type ClassicSetup, newClassicGame } from "../classic/setup";
import type { ClassicState } from "../classic/state";
import { classicSpectatorView } from "../classic/views";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const ACTIONS: readonly unknown[] = [...CLASSIC_COMMAND_NAMES, "tick"];

/** Runs a classic file; `fail` reports a file that is not a valid scenario. */
export function runClassicScenario(file: Json, fail: (message: string) => never): ScenarioResult {
  const players = file.players;
  if (
    !Array.isArray(players) ||
    players.length < MIN_PLAYERS ||
    players.length > MAX_PLAYERS ||
    !players.every((p) => typeof p === "string" && p.length > 0) ||
    new Set(players).size !== players.length
  )
    fail(`"players" must list ${MIN_PLAYERS} to ${MAX_PLAYERS} distinct names`);
  const names = players as string[];
  const options = optionsOf(file, fail);
  const setup = isObject(file.setup) ? file.setup : fail('"setup" must be an object');
  const created = newClassicGame({
    players: names.length,
    now: 0,
    options,
    ...layoutOf(setup, names, options.variants?.includes("tahiti") ?? false, fail),
  });
  if (!created.ok) fail(`setup: ${created.error}`);
  if (!Array.isArray(file.steps)) fail('"steps" must be a list');
  const steps = file.steps.map((raw, i): Json => {
    if (!isObject(raw)) fail(`step ${i} must be an object`);
    if (typeof raw.at !== "number" || !Number.isFinite(raw.at) || raw.at < 0)
      fail(`step ${i}: "at" must be a number of seconds, 0 or more`);
    if (!ACTIONS.includes(raw.do)) fail(`step ${i}: unknown action ${JSON.stringify(raw.do)}`);
    if (raw.do === "tick" && raw.player !== undefined) fail(`step ${i}: "tick" has no player`);
    if (raw.do !== "tick" && typeof raw.player !== "string")
      fail(`step ${i}: "${String(raw.do)}" needs a "player"`);
    return raw;
  });
  steps.forEach((step, i) => {
    if (i > 0 && (step.at as number) < (steps[i - 1]!.at as number))
      fail(`step ${i}: "at" goes back in time`);
  });

  let state = created.state;
  const rejected: ScenarioResult["rejected"] = [];
  steps.forEach((raw, index) => {
    const now = Math.round((raw.at as number) * 1000);
    state = advanceClassic(state, now).state;
    if (raw.do === "tick") return;
    const seat = names.indexOf(raw.player as string);
    const command = seat < 0 ? null : toCommand(state, raw);
    if (seat < 0 || typeof command === "string") {
      const reason =
        seat < 0 ? `${JSON.stringify(raw.player)} is not a player in this game` : command;
      rejected.push({ step: index, reason: reason as string });
      return;
    }
    const outcome = applyClassic(state, seat, command, now);
    if (!outcome.ok) rejected.push({ step: index, reason: outcome.rejection.reason });
    else state = outcome.state;
  });
  return resultOf(state, names, rejected);
}

function optionsOf(file: Json, fail: (message: string) => never): Partial<ClassicOptions> {
  const given = file.variant ?? "standard";
  const list = Array.isArray(given) ? given : [given];
  const variants = list.filter((v) => v !== "standard");
  for (const v of variants)
    if (!VARIANTS.includes(v as Variant))
      fail(`unknown variant ${JSON.stringify(v)}: one of standard, ${VARIANTS.join(", ")}`);
  const extra = file.options ?? {};
  if (!isObject(extra)) fail('"options" must be an object');
  const options: Partial<ClassicOptions> = { variants: variants as Variant[], target: null };
  for (const [key, value] of Object.entries(extra)) {
    if (key === "ace") options.ace = value as ClassicOptions["ace"];
    else if (key === "penalty") options.penalty = value as number;
    else if (key === "handSize") options.handSize = value as number;
    // Seconds in a file, like every time in it.
    else if (key === "turnLimit")
      options.turnLimit = typeof value === "number" ? Math.round(value * 1000) : (value as null);
    else if (key === "target") options.target = value as number | null;
    else fail(`options: unknown option "${key}"`);
  }
  return options;
}

function layoutOf(
  setup: Json,
  names: string[],
  jokers: boolean,
  fail: (message: string) => never,
): { seed?: number; setup?: ClassicSetup } {
  if (setup.seed !== undefined) {
    if (typeof setup.seed !== "number" || !Number.isInteger(setup.seed))
      fail("setup.seed must be an integer");
    for (const key of ["hands", "stock", "table", "faceUp", "turn", "opened"])
      if (setup[key] !== undefined) fail(`setup.${key} cannot be combined with a seed`);
    return { seed: setup.seed };
  }
  const taken = new Set<CardId>();
  const resolve = (list: unknown, where: string): CardId[] => {
    if (!Array.isArray(list)) fail(`${where} must be a list of cards`);
    return list.map((text) => {
      const copies = typeof text === "string" ? classicCopiesNamed(text) : [];
      if (copies.length === 0) fail(`${where}: ${JSON.stringify(text)} is not a card`);
      if (isJoker(copies[0]!) && !jokers) fail(`${where}: jokers are Tahiti's`);
      const card = copies.find((c) => !taken.has(c));
      if (card === undefined)
        fail(`${where}: more than ${copies.length} copies of ${String(text)}`);
      taken.add(card);
      return card;
    });
  };
  const seatOf = (name: unknown, where: string): Seat =>
    names.includes(name as string)
      ? names.indexOf(name as string)
      : fail(`${where}: unknown player ${JSON.stringify(name)}`);
  const hands = setup.hands === undefined ? {} : setup.hands;
  if (!isObject(hands)) fail("setup.hands must map players to card lists");
  for (const key of Object.keys(hands)) seatOf(key, "setup.hands");
  if (setup.table !== undefined && !Array.isArray(setup.table))
    fail("setup.table must be a list of combinations");
  if (setup.opened !== undefined && !Array.isArray(setup.opened))
    fail("setup.opened must list players");
  return {
    setup: {
      hands: names.map((n) =>
        hands[n] === undefined ? [] : resolve(hands[n], `setup.hands.${n}`),
      ),
      stock: setup.stock === undefined ? [] : resolve(setup.stock, "setup.stock"),
      table: ((setup.table as unknown[] | undefined) ?? []).map((c, i) =>
        resolve(c, `setup.table[${i}]`),
      ),
      faceUp: setup.faceUp === undefined ? [] : resolve(setup.faceUp, "setup.faceUp"),
      turn: setup.turn === undefined ? 0 : seatOf(setup.turn, "setup.turn"),
      opened: ((setup.opened as unknown[] | undefined) ?? []).map((n) => seatOf(n, "setup.opened")),
    },
  };
}

/**
 * A step as an engine command, card names resolved to physical cards by
 * context: a table card where the table has it (in `from` first), else the
 * mover's own. Returns a rejection reason for a name that is not a card.
 */
function toCommand(state: ClassicState, raw: Json): Json | string {
  const hand = state.hands[state.turn] ?? [];
  const onTable = state.table.flatMap((c) => c.cards);
  const used = new Set<CardId>();
  const pick = (text: unknown, ...places: readonly CardId[][]): CardId | string => {
    if (typeof text !== "string")
      return `a card must be named like "7H", not ${JSON.stringify(text)}`;
    const copies = classicCopiesNamed(text).filter((c) => !used.has(c));
    if (copies.length === 0) return `${JSON.stringify(text)} is not a card`;
    const card = places.map((p) => copies.find((c) => p.includes(c))).find((c) => c !== undefined);
    used.add(card ?? copies[0]!);
    return card ?? copies[0]!;
  };
  const command: Json = { do: raw.do };
  for (const [key, value] of Object.entries(raw)) {
    if (key === "at" || key === "player" || key === "do" || key === "from") continue;
    if (key === "table" && raw.do === "turn" && Array.isArray(value)) {
      const table: CardId[][] = [];
      for (const list of value) {
        if (!Array.isArray(list)) return "a combination is a list of cards";
        const cards = list.map((text) => pick(text, onTable, hand, state.faceUp));
        const bad = cards.find((c) => typeof c === "string");
        if (bad !== undefined) return bad as string;
        table.push(cards as CardId[]);
      }
      command.table = table;
    } else if (key === "card") {
      const from = state.table.find((c) => c.id === raw.from)?.cards ?? [];
      const card =
        raw.do === "put"
          ? pick(value, hand, state.faceUp)
          : raw.do === "takeBack"
            ? pick(
                value,
                onTable.filter(
                  (c) => state.work?.start.hand.includes(c) || state.work?.start.faceUp.includes(c),
                ),
                onTable,
              )
            : pick(value, from, onTable);
      if (typeof card === "string") return card;
      command.card = card;
    } else command[key] = value;
  }
  return command;
}

function resultOf(
  state: ClassicState,
  names: string[],
  rejected: ScenarioResult["rejected"],
): ScenarioResult {
  const sorted = (cards: CardId[]) => [...cards].sort(compareClassic).map(classicName);
  const view = classicSpectatorView(state);
  const round = state.rounds.at(-1) ?? null;
  const over = state.phase !== "turn";
  const nameOf = (seat: Seat | null) => (seat === null ? null : names[seat]!);
  const result: ScenarioResult = {
    time: state.now / 1000,
    table: view.table.map((c) => ({ id: c.id, cards: c.cards.map(classicName) })),
    players: Object.fromEntries(
      state.hands.map((hand, seat) => [
        names[seat]!,
        {
          hand: sorted(hand),
          status: round?.reason === "out" && round.winner === seat ? "out" : "playing",
          score: over && round ? round.scores[seat]! : null,
        },
      ]),
    ),
    hand: {
      over: round !== null && over,
      winner: over ? nameOf(round?.winner ?? null) : null,
      draw: over ? (round?.draw?.map((s) => names[s]!) ?? null) : null,
      reason: over ? (round?.reason ?? null) : null,
    },
    turn: over ? null : names[state.turn]!,
    stock: state.stock.length,
    faceUp: sorted(state.faceUp),
    rejected,
    notices: [],
  };
  if (state.options.target !== null)
    result.game = {
      hand: state.round,
      phase: state.phase === "turn" ? "hand" : state.phase === "between" ? "pause" : "over",
      totals: Object.fromEntries(state.totals.map((t, seat) => [names[seat]!, t])),
      over: state.result !== null,
      winner: nameOf(state.result?.winner ?? null),
      draw: state.result?.draw?.map((s) => names[s]!) ?? null,
      reason: state.result?.reason ?? null,
    };
  return result;
}
