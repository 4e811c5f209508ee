"use client";

// The Hint (friendly and practice games): the server's best placement for the
// player's own cards, shown on the table (own cards and melds it works on
// marked, the melds as they end up), and played one step at a time through the
// table's ordinary commands. A refused step, or a table that moved under the
// plan, finds the hint again.

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { continuePlan, NEW_MELD, type RunningPlan, startPlan } from "@/bots/plan";
import { isSeatView } from "@/bots/seat";
import { type CardId, type Command, type MeldId, type HandView } from "@/engine";
import type { HintAnswer } from "@/protocol/hint";
import { cardsKey, leftInvalid } from "./hint-check";

export type FindHint = () => Promise<HintAnswer>;

/** What the table marks while a placement is shown. */
export interface HintMarks {
  /** Own cards it places and table cards it moves. */
  cards: ReadonlySet<CardId>;
  /** Table melds it works on. */
  melds: ReadonlySet<MeldId>;
}

/** A Hint's answers, whatever the game: one of them is a placement with a plan. */
export type AnyHintAnswer = { kind: string };
type PlacementOf<A extends AnyHintAnswer> = Extract<A, { kind: "placement" }>;

/** What a Hint shows, whatever the game: `A` its answers, `P` how far its plan is played. */
export type HintStatus<A extends AnyHintAnswer, P> =
  | { status: "closed" }
  | { status: "searching"; changed: boolean }
  /** `asked`: the cards as they were when the hint was asked, to see when they change. */
  | { status: "answered"; answer: Exclude<A, PlacementOf<A>>; asked: string }
  | { status: "placement"; answer: PlacementOf<A>; plan: P; changed: boolean }
  /** The plan played; each meld it worked on is to be valid before it is said done. */
  | { status: "done"; answer: PlacementOf<A> }
  | { status: "failed"; reason: string };

export type HintState = HintStatus<HintAnswer, RunningPlan>;

/**
 * The part of a Hint every game shares: asking the server (`find`), a placement's plan
 * started from the table of the moment the answer comes (`start`; null: not now), and a
 * "nothing found" asked again once `cards` (the own cards and the table) change. A hint
 * belongs to its hand or round: it goes once `over`.
 */
export function useHintSearch<A extends AnyHintAnswer, P>(
  find: (() => Promise<A>) | null,
  cards: string,
  over: boolean,
  start: (answer: PlacementOf<A>) => P | null,
) {
  const [state, setState] = useState<HintStatus<A, P>>({ status: "closed" });
  useEffect(() => {
    if (over) setState({ status: "closed" });
  }, [over]);
  // The answer comes back later: its plan starts from the table of that moment.
  const starting = useRef(start);
  starting.current = start;
  const cardsNow = useRef(cards);
  cardsNow.current = cards;

  const search = useCallback(
    (changed: boolean) => {
      if (!find) return;
      const asked = cardsNow.current;
      setState({ status: "searching", changed });
      find().then(
        (answer) => {
          if (answer.kind !== "placement")
            return setState({
              status: "answered",
              answer: answer as Exclude<A, PlacementOf<A>>,
              asked,
            });
          const placement = answer as PlacementOf<A>;
          const plan = starting.current(placement);
          if (plan !== null) setState({ status: "placement", answer: placement, plan, changed });
        },
        (error: unknown) =>
          setState({ status: "failed", reason: error instanceof Error ? error.message : "" }),
      );
    },
    [find],
  );

  // "Nothing found" is only true of the cards it was asked about: once the hand or the table
  // changes, the hint looks again by itself (a moment later, so a burst of changes asks once).
  const stale = state.status === "answered" && state.asked !== cards;
  useEffect(() => {
    if (!stale) return;
    const timer = setTimeout(() => search(false), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [stale, cards, search]);

  return { state, setState, search };
}

/**
 * The Hint's state for the seat's server view (never the optimistic one: a
 * step is checked against what the server accepted). `send` answers whether the
 * command was accepted.
 */
export function useHint(
  find: FindHint | null,
  view: HandView,
  send: (c: Command) => Promise<boolean>,
) {
  const start = (answer: PlacementOf<HintAnswer>) =>
    isSeatView(view) ? startPlan(view, answer.steps) : null;
  const { state, setState, search } = useHintSearch(
    find,
    cardsKey(view),
    view.outcome !== null,
    start,
  );

  const next = useCallback(async () => {
    if (state.status !== "placement" || !isSeatView(view)) return;
    const done = { status: "done" as const, answer: state.answer };
    const progress = continuePlan(view, state.plan, false);
    if (progress.kind === "done") return setState(done);
    if (progress.kind === "diverged") return search(true);
    setState({ ...state, plan: progress.plan, changed: false });
    // A refusal is shown like any other; the table has moved, so the hint is found again.
    if (!(await send(progress.command))) return search(true);
    if (progress.plan.sent === progress.plan.steps.length) setState(done);
  }, [state, view, send, search, setState]);

  // Done only once every meld the plan worked on is valid on the table the server shows.
  const invalidLeft = useMemo(
    () => state.status === "done" && leftInvalid(state.answer.steps, view),
    [state, view],
  );

  const marks = useMemo((): HintMarks | null => {
    if (state.status !== "placement") return null;
    const { steps } = state.answer;
    const moved = steps.flatMap((s) => (s.do === "move" ? [s.card] : []));
    const melds = steps.flatMap((s) =>
      s.do === "add" ? [s.meld] : s.do === "move" ? [s.from] : s.do === "place" ? [s.to] : [],
    );
    return {
      cards: new Set([...state.answer.placed, ...moved]),
      melds: new Set(melds.filter((id) => id < NEW_MELD)),
    };
  }, [state]);

  return {
    state,
    marks,
    invalidLeft,
    open: () => search(false),
    close: () => setState({ status: "closed" }),
    next,
  };
}

export type HintControl = ReturnType<typeof useHint>;

/** How long the hand and table stay still before a "nothing found" hint looks again. */
const REFRESH_MS = 800;

export const HINT_BUTTON =
  "rounded-md px-3 py-2 text-sm font-medium shadow-sm disabled:cursor-not-allowed disabled:opacity-40";

export interface HintPanelProps {
  hint: HintControl;
  /** Commands still on their way. */
  busy: boolean;
  fourColour: boolean;
  /** The number the table shows on a meld (the engine's ids leave gaps). */
  meldNumber: (id: MeldId) => number;
}
