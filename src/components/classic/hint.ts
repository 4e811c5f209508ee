// The Hint at the classic table (friendly and practice games): the server's best
// placement for the mover's hand, its steps in the player's words, and the steps
// played one at a time through the table's own put and move commands, each from
// the table as the server shows it. The search, its stale answers and the panel
// are the Machiavelox Hint's own (src/components/table/hint*.tsx).

import { useCallback, useEffect, useMemo, useState } from "react";
import { followStep, type StepPlan } from "@/bots/classic/steps";
import { type CardId } from "@/engine";
import { type ClassicCommand, type ClassicView, isJoker } from "@/engine/classic";
import type { Translator } from "@/i18n/types";
import type { ClassicHintAnswer } from "@/protocol/hint";
import { shortName } from "@/components/table/notices";
import { useHintSearch } from "@/components/table/hint";

export type FindClassicHint = () => Promise<ClassicHintAnswer>;
type Placement = Extract<ClassicHintAnswer, { kind: "placement" }>;

/** Where a step's card was when the hint was asked: the hand, face up, or a combination's number. */
export type Origin = "hand" | "faceUp" | number;

/** A plan under way: the table it started from (for its words) and the steps sent. */
export interface ClassicRunningPlan {
  origins: Origin[];
  /** The number the table showed on each combination the plan continues, by target index. */
  numbers: (number | null)[];
  sent: number;
  /** The table shows the last step sent: the next may go (a step's answer precedes its view). */
  landed: boolean;
}

/**
 * The own cards, the table's and whose turn it is, as one string that changes when any of
 * them does: an answer for other cards, or for another's turn, is asked again.
 */
export function classicCardsKey(view: ClassicView): string {
  const table = view.table.map((c) => c.cards.join(",")).join(";");
  return `${view.turn}|${view.you?.hand.join(",") ?? ""}|${view.faceUp.join(",")}|${table}`;
}

/** The plan's words start from the table as it is now, numbered as the table shows it. */
export function startClassicPlan(view: ClassicView, plan: StepPlan): ClassicRunningPlan {
  const numberOf = new Map(view.table.map((c, i) => [c.id, i + 1]));
  const origins = plan.steps.map(({ card }): Origin => {
    if (view.faceUp.includes(card)) return "faceUp";
    const at = view.table.findIndex((c) => c.cards.includes(card));
    return at < 0 ? "hand" : at + 1;
  });
  const numbers = plan.continues.map((id) => (id === null ? null : (numberOf.get(id) ?? null)));
  return { origins, numbers, sent: 0, landed: true };
}

/** How many steps the table shows played this turn. */
export const stepsPlayed = (view: ClassicView) => view.work?.steps ?? 0;

/** The plan's steps in the player's words, then ending the turn. */
export function classicHintWords(t: Translator, plan: StepPlan, run: ClassicRunningPlan): string[] {
  const name = (card: CardId) => (isJoker(card) ? t("classic.joker") : shortName(card));
  const combination = (n: number) => t("classic.hint.combination", { n });
  const words = plan.steps.map(({ card, to }, index) => {
    const origin = run.origins[index]!;
    const cardWords =
      origin === "faceUp" ? t("classic.hint.faceUp", { card: name(card) }) : name(card);
    const continued = run.numbers[to];
    const first = plan.steps.findIndex((s) => s.to === to);
    const where =
      continued !== null && continued !== undefined
        ? combination(continued)
        : first === index
          ? null
          : t("classic.hint.newWith", { card: name(plan.steps[first]!.card) });
    if (typeof origin === "number") {
      const from = combination(origin);
      return where === null
        ? t("classic.hint.steps.moveNew", { card: cardWords, from })
        : t("classic.hint.steps.move", { card: cardWords, from, to: where });
    }
    return where === null
      ? t("classic.hint.steps.start", { card: cardWords })
      : t("classic.hint.steps.put", { card: cardWords, to: where });
  });
  return [...words, t("classic.hint.steps.end")];
}

/**
 * The Hint's state for the seat's server view. `send` answers whether the
 * command was accepted; a refused step, or a table that is not the plan's
 * (a step of the player's own in between), finds the hint again.
 */
export function useClassicHint(
  find: FindClassicHint | null,
  view: ClassicView,
  send: (command: ClassicCommand) => Promise<boolean>,
) {
  const { state, setState, search } = useHintSearch<ClassicHintAnswer, ClassicRunningPlan>(
    find,
    classicCardsKey(view),
    // A hint belongs to its round.
    view.phase !== "turn",
    (answer) => startClassicPlan(view, answer.plan),
  );
  const [pending, setPending] = useState(false);

  // A step sent is shown by the stream a moment after the server answers it.
  const played = stepsPlayed(view);
  const waiting = state.status === "placement" && !state.plan.landed;
  const sent = state.status === "placement" ? state.plan.sent : 0;
  useEffect(() => {
    if (waiting && played === sent)
      setState((s) => (s.status === "placement" ? { ...s, plan: { ...s.plan, landed: true } } : s));
  }, [waiting, played, sent, setState]);

  const next = useCallback(async () => {
    if (state.status !== "placement" || !state.plan.landed || pending) return;
    const { answer, plan } = state;
    const command =
      stepsPlayed(view) === plan.sent ? followStep(answer.plan, plan.sent, view) : null;
    if (!command) return search(true);
    const last = command.do === "end";
    setState({ ...state, plan: { ...plan, sent: plan.sent + 1, landed: last }, changed: false });
    setPending(true);
    const accepted = await send(command);
    setPending(false);
    if (!accepted) return search(true);
    if (last) setState({ status: "done", answer });
  }, [state, pending, view, send, search, setState]);

  const marks = useMemo((): ReadonlySet<CardId> => {
    if (state.status !== "placement") return NO_MARKS;
    const moved = state.answer.plan.steps
      .filter((_, i) => typeof state.plan.origins[i] === "number")
      .map((s) => s.card);
    return new Set([...state.answer.placed, ...moved]);
  }, [state]);

  return {
    state,
    marks,
    busy: pending || waiting,
    open: () => search(false),
    close: () => setState({ status: "closed" }),
    next,
  };
}

const NO_MARKS: ReadonlySet<CardId> = new Set();

export type ClassicHintControl = ReturnType<typeof useClassicHint>;

/** What the Hint says of classic's own answers. */
export function classicAnswers(
  t: Translator,
): Record<Exclude<ClassicHintAnswer, Placement>["kind"], string> {
  return {
    none: t("classic.hint.none"),
    started: t("classic.hint.started"),
    "ace-rule": t("classic.hint.aceRule"),
    "too-complex": t("hint.tooComplex"),
    "cannot-play": t("hint.cannotPlay"),
  };
}
