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
import { useMessages } from "@/i18n/client";
import type { Messages } from "@/i18n/messages";
import type { HintAnswer } from "@/protocol/hint";
import { CardFace } from "./card";
import { cardsKey, leftInvalid } from "./hint-check";
import { shortName } from "./notices";

export type FindHint = () => Promise<HintAnswer>;

/** What the table marks while a placement is shown. */
export interface HintMarks {
  /** Own cards it places and table cards it moves. */
  cards: ReadonlySet<CardId>;
  /** Table melds it works on. */
  melds: ReadonlySet<MeldId>;
}

type Placement = Extract<HintAnswer, { kind: "placement" }>;

type HintState =
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

const BUTTON =
  "rounded-md px-3 py-2 text-sm font-medium shadow-sm disabled:cursor-not-allowed disabled:opacity-40";

/** The Hint button, and once asked, what it found. `busy`: commands still on their way. */
export function HintPanel({
  hint,
  busy,
  fourColour,
}: {
  hint: HintControl;
  busy: boolean;
  fourColour: boolean;
}) {
  const t = useMessages();
  const { state } = hint;
  if (state.status === "closed")
    return (
      <button
        type="button"
        className={`${BUTTON} self-start bg-amber-100 text-amber-950 ring-1 ring-amber-400`}
        data-testid="hint-open"
        onClick={hint.open}
      >
        {t.hint.show}
      </button>
    );
  const changed = "changed" in state && state.changed;
  return (
    <section
      aria-label={t.hint.title}
      data-testid="hint-panel"
      className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-300"
    >
      <div className="flex items-center gap-2">
        <h2 className="font-semibold text-amber-950">{t.hint.title}</h2>
        <button
          type="button"
          className="ml-auto rounded bg-white px-2 py-1 text-xs ring-1 ring-stone-300"
          onClick={hint.close}
        >
          {t.hint.hide}
        </button>
      </div>
      {changed && <p className="text-amber-900">{t.hint.changed}</p>}
      <p role="status" data-testid="hint-message">
        {hint.invalidLeft ? t.hint.doneInvalid : message(t, state)}
      </p>
      {hint.invalidLeft && (
        <button
          type="button"
          className={`${BUTTON} bg-amber-500 text-amber-950`}
          onClick={hint.open}
        >
          {t.hint.again}
        </button>
      )}
      {state.status === "placement" && (
        <>
          {state.answer.eliminates && (
            <p role="alert" data-testid="hint-eliminates" className="font-medium text-red-700">
              {t.hint.eliminates}
            </p>
          )}
          <ul aria-label={t.hint.title} data-testid="hint-target" className="flex flex-wrap gap-3">
            {state.answer.melds.map((meld) => (
              <li key={meld.id} className="space-y-1">
                <span className="text-xs text-stone-600">
                  {meld.id >= NEW_MELD ? t.hint.newMeld : t.hint.meld(meld.id)}
                </span>
                <span className="flex">
                  {meld.cards.map((card) => (
                    <CardFace
                      key={card}
                      card={card}
                      look={{ fourColour, small: true, hinted: state.answer.placed.includes(card) }}
                    />
                  ))}
                </span>
              </li>
            ))}
          </ul>
          <ol className="list-decimal space-y-0.5 pl-5 text-stone-700">
            {state.answer.steps.map((step, i) => (
              <li
                key={i}
                className={
                  i < state.plan.sent
                    ? "text-stone-400 line-through"
                    : i === state.plan.sent
                      ? "font-semibold"
                      : ""
                }
              >
                {describeStep(t, step)}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={`${BUTTON} bg-amber-500 text-amber-950`}
            data-testid="hint-next"
            disabled={busy}
            onClick={() => void hint.next()}
          >
            {t.hint.next(state.plan.sent + 1, state.answer.steps.length)}
          </button>
        </>
      )}
    </section>
  );
}

function message(t: Messages, state: Exclude<HintState, { status: "closed" }>): string {
  switch (state.status) {
    case "searching":
      return t.hint.searching;
    case "placement":
      return `${t.hint.placement(state.answer.placed.length, state.answer.moved)} ${t.hint.yours}`;
    case "done":
      return t.hint.done;
    case "failed":
      return state.reason || t.hint.failed;
    case "answered":
      return {
        none: t.hint.none,
        "too-complex": t.hint.tooComplex,
        "cannot-play": t.hint.cannotPlay,
      }[state.answer.kind];
  }
}

/** A plan's step in words; melds it creates are "new". */
function describeStep(t: Messages, step: Step): string {
  const meld = (id: MeldId | "new") =>
    id === "new" || id >= NEW_MELD ? t.hint.newMeld : t.hint.meld(id);
  switch (step.do) {
    case "stage":
      return t.hint.steps.stage(shortName(step.card));
    case "unstage":
      return t.hint.steps.unstage(shortName(step.card));
    case "lay":
      return t.hint.steps.lay(step.cards.map(shortName).join(" "));
    case "add":
      return t.hint.steps.add(shortName(step.card), meld(step.meld));
    case "move":
      return t.hint.steps.move(shortName(step.card), meld(step.from), meld(step.to));
    case "place":
      return t.hint.steps.place(shortName(step.card), meld(step.to));
  }
}
