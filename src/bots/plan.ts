// Executing a plan of engine commands one step at a time, the way a player
// would: each step goes out as a normal command, and before the next one the
// bot checks in its view that the melds it works on hold what it expects. A
// refused step or a meld changed by someone else means the plan no longer fits
// the table: the caller re-plans.

import { type CardId, type Command, type MeldId } from "@/engine";
import type { PlanAction } from "../solver";
import { ownCards, type SeatView } from "./seat";

/**
 * Plans name the melds they create from here up, in the order they create
 * them: the engine's next meld id is not in the view, so the real id is read
 * from the view once the meld is on the table.
 */
export const NEW_MELD: MeldId = 1_000_000;

/** A plan's step: the solver's vocabulary, and taking a declared card back. */
export type Step = PlanAction | { do: "unstage"; card: CardId };

export interface RunningPlan {
  steps: Step[];
  /** Steps sent so far. */
  sent: number;
  /** The last step sent is not checked against the view yet. */
  awaiting: boolean;
  /** Real ids of the melds the plan created, in creation order. */
  created: MeldId[];
  /** What the melds the plan works on should hold, by real id (empty: gone from the table). */
  expected: Record<MeldId, CardId[]>;
}

export type PlanProgress =
  { kind: "next"; command: Command; plan: RunningPlan } | { kind: "done" } | { kind: "diverged" };

/**
 * A plan for a seat whose staging area already holds cards (a plan that
 * diverged before it touched the table): it becomes one declared play (§5.3).
 * Declared cards the plan does not place are taken back, the others declared,
 * and direct adds become placements from the staging area.
 */
export function fromStaging(steps: readonly Step[], staging: readonly CardId[]): Step[] {
  if (staging.length === 0) return [...steps];
  const placed = steps.flatMap((s) =>
    s.do === "add" || s.do === "place" ? [s.card] : s.do === "lay" ? s.cards : [],
  );
  return [
    ...staging.filter((c) => !placed.includes(c)).map((card) => ({ do: "unstage", card }) as const),
    ...placed.filter((c) => !staging.includes(c)).map((card) => ({ do: "stage", card }) as const),
    ...steps.filter((s) => s.do === "move"),
    ...steps.flatMap((s): Step[] =>
      s.do === "add" ? [{ do: "place", card: s.card, to: s.meld }] : s.do === "place" ? [s] : [],
    ),
    ...steps.filter((s) => s.do === "lay"),
  ];
}

export function startPlan(view: SeatView, steps: readonly Step[]): RunningPlan {
  const expected: Record<MeldId, CardId[]> = {};
  for (const step of steps)
    for (const id of meldsNamed(step))
      if (id < NEW_MELD)
        expected[id] = view.table.find((m) => m.id === id)?.cards.map((c) => c.card) ?? [];
  return { steps: [...steps], sent: 0, awaiting: false, created: [], expected };
}

/**
 * The next command of the plan, after checking the previous one landed as
 * expected; `refused` is the engine's answer to that previous command.
 */
export function continuePlan(view: SeatView, plan: RunningPlan, refused: boolean): PlanProgress {
  const current: RunningPlan = {
    ...plan,
    created: [...plan.created],
    expected: Object.fromEntries(Object.entries(plan.expected).map(([id, c]) => [id, [...c]])),
  };
  if (current.awaiting) {
    if (refused || !landed(view, current, current.steps[current.sent - 1]!)) return diverged;
    current.awaiting = false;
  }
  if (!matches(view, current)) return diverged;
  const step = current.steps[current.sent];
  if (!step) return { kind: "done" };
  const command = resolve(step, current);
  if (!command || !looksLegal(view, command)) return diverged;
  current.sent++;
  current.awaiting = true;
  return { kind: "next", command, plan: current };
}

const diverged: PlanProgress = { kind: "diverged" };

/** Real meld ids a step names (placeholders included). */
function meldsNamed(step: Step): MeldId[] {
  switch (step.do) {
    case "add":
      return [step.meld];
    case "move":
      return step.to === "new" ? [step.from] : [step.from, step.to];
    case "place":
      return [step.to];
    default:
      return [];
  }
}

function resolve(step: Step, plan: RunningPlan): Command | null {
  const real = (id: MeldId) => (id < NEW_MELD ? id : plan.created[id - NEW_MELD]);
  switch (step.do) {
    case "add": {
      const meld = real(step.meld);
      return meld === undefined ? null : { do: "add", card: step.card, meld };
    }
    case "move": {
      const from = real(step.from);
      const to = step.to === "new" ? "new" : real(step.to);
      return from === undefined || to === undefined
        ? null
        : { do: "move", card: step.card, from, to };
    }
    case "place": {
      const to = real(step.to);
      return to === undefined ? null : { do: "place", card: step.card, to };
    }
    default:
      return step;
  }
}

/** Records where the step's card went, reading a new meld's id from the view. */
function landed(view: SeatView, plan: RunningPlan, step: Step): boolean {
  const holding = (card: CardId) =>
    view.table.find((m) => m.cards.some((c) => c.card === card))?.id;
  const arrive = (to: MeldId | undefined, card: CardId) => {
    if (to === undefined) return false;
    (plan.expected[to] ??= []).push(card);
    return true;
  };
  const createdAt = (card: CardId) => {
    const id = holding(card);
    if (id !== undefined) plan.created.push(id);
    return id;
  };
  switch (step.do) {
    case "stage":
    case "unstage":
      return true;
    case "lay": {
      const id = createdAt(step.cards[0]!);
      return id !== undefined && step.cards.every((c) => arrive(id, c));
    }
    case "add":
    case "place": {
      const to = step.do === "add" ? step.meld : step.to;
      return arrive(to < NEW_MELD ? to : plan.created[to - NEW_MELD], step.card);
    }
    case "move": {
      const from = step.from < NEW_MELD ? step.from : plan.created[step.from - NEW_MELD]!;
      plan.expected[from] = (plan.expected[from] ?? []).filter((c) => c !== step.card);
      const to =
        step.to === "new"
          ? createdAt(step.card)
          : step.to < NEW_MELD
            ? step.to
            : plan.created[step.to - NEW_MELD];
      return arrive(to, step.card);
    }
  }
}

/** Every meld the plan works on holds exactly what the plan expects. */
function matches(view: SeatView, plan: RunningPlan): boolean {
  return Object.entries(plan.expected).every(([id, cards]) => {
    const meld = view.table.find((m) => m.id === Number(id));
    const now = meld ? meld.cards.map((c) => c.card) : [];
    return now.length === cards.length && now.every((c) => cards.includes(c));
  });
}

/** The command's cards are where the seat can see they must be. */
function looksLegal(view: SeatView, command: Command): boolean {
  const inMeld = (card: CardId, id: MeldId) =>
    view.table.some((m) => m.id === id && m.cards.some((c) => c.card === card));
  const exists = (id: MeldId) => view.table.some((m) => m.id === id);
  switch (command.do) {
    case "stage":
    case "add":
      return (
        ownCards(view).includes(command.card) &&
        (command.do === "stage" || exists(command.meld as MeldId))
      );
    case "unstage":
      return view.you.staging.includes(command.card);
    case "lay":
      return (command.cards ?? []).every((c) => view.you.staging.includes(c));
    case "place":
      return view.you.staging.includes(command.card) && command.to !== "new" && exists(command.to);
    case "move":
      return inMeld(command.card, command.from) && (command.to === "new" || exists(command.to));
    default:
      return true;
  }
}
