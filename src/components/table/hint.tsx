"use client";

// The Hint (friendly and practice games): the server's best placement for the
// player's own cards, shown on the table (own cards and melds it works on
// marked, the melds as they end up), and played one step at a time through the
// table's ordinary commands. A refused step, or a table that moved under the
// plan, finds the hint again.

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { continuePlan, NEW_MELD, type RunningPlan, startPlan, type Step } from "@/bots/plan";
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

type Placement = Extract<HintAnswer, { kind: "placement" }>;

export type HintState =
  | { status: "closed" }
  | { status: "searching"; changed: boolean }
  /** `asked`: the cards as they were when the hint was asked, to see when they change. */
  | { status: "answered"; answer: Exclude<HintAnswer, Placement>; asked: string }
  | { status: "placement"; answer: Placement; plan: RunningPlan; changed: boolean }
  /** `steps`: the plan played; each meld it worked on is to be valid before it is said done. */
  | { status: "done"; steps: readonly Step[] }
  | { status: "failed"; reason: string };

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
  const [state, setState] = useState<HintState>({ status: "closed" });
  // The answer comes back later: its plan starts from the view of that moment.
  const latest = useRef(view);
  latest.current = view;
  // A hint belongs to its hand: it goes once the hand is over.
  const over = view.outcome !== null;
  useEffect(() => {
    if (over) setState({ status: "closed" });
  }, [over]);

  const cards = cardsKey(view);
  const cardsNow = useRef(cards);
  cardsNow.current = cards;

  const search = useCallback(
    (changed: boolean) => {
      if (!find) return;
      const asked = cardsNow.current;
      setState({ status: "searching", changed });
      find().then(
        (answer) => {
          if (answer.kind !== "placement") return setState({ status: "answered", answer, asked });
          const now = latest.current;
          if (!isSeatView(now)) return;
          setState({ status: "placement", answer, plan: startPlan(now, answer.steps), changed });
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

  const next = useCallback(async () => {
    if (state.status !== "placement" || !isSeatView(view)) return;
    const done = { status: "done" as const, steps: state.answer.steps };
    const progress = continuePlan(view, state.plan, false);
    if (progress.kind === "done") return setState(done);
    if (progress.kind === "diverged") return search(true);
    setState({ ...state, plan: progress.plan, changed: false });
    // A refusal is shown like any other; the table has moved, so the hint is found again.
    if (!(await send(progress.command))) return search(true);
    if (progress.plan.sent === progress.plan.steps.length) setState(done);
  }, [state, view, send, search]);

  // Done only once every meld the plan worked on is valid on the table the server shows.
  const invalidLeft = useMemo(
    () => state.status === "done" && leftInvalid(state.steps, view),
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
