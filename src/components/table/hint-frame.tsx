"use client";

// What a Hint found, as the player sees it in either game: the message, the
// combinations or melds as they end up (the player's own cards marked), the steps
// in words with the one to play next, and the button that plays it.

import { Fragment, type ReactNode } from "react";
import { type CardId } from "@/engine";
import { useTranslations } from "next-intl";
import type { Translator } from "@/i18n/types";
import { HINT_BUTTON } from "./hint";

export interface HintFrameProps {
  onClose: () => void;
  /** The table changed under the plan: it was found again. */
  changed: boolean;
  message: string;
  /** What the plan would cost the player, said before they follow it. */
  warning?: string | null;
  /** Asks again, when the plan played left something to mend. */
  onAgain?: (() => void) | null;
  /** The groups of cards the plan changes, as they end up, each with its name. */
  target?: readonly { key: number; label: string; cards: readonly CardId[] }[] | null;
  /** A card of the target, drawn small; `placed`: one of the player's own. */
  card: (card: CardId, placed: boolean) => ReactNode;
  placed?: readonly CardId[];
  /** The plan's steps in words, how many are played, and the button playing the next. */
  steps?: { words: readonly string[]; sent: number; busy: boolean; onNext: () => void } | null;
}

export function HintFrame({
  onClose,
  changed,
  message,
  warning = null,
  onAgain = null,
  target = null,
  card,
  placed = [],
  steps = null,
}: HintFrameProps) {
  const t = useTranslations();
  return (
    <section
      aria-label={t("hint.title")}
      data-testid="hint-panel"
      className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-300"
    >
      <div className="flex items-center gap-2">
        <h2 className="font-semibold text-amber-950">{t("hint.title")}</h2>
        <button
          type="button"
          className="ml-auto rounded bg-white px-2 py-1 text-xs ring-1 ring-stone-300"
          onClick={onClose}
        >
          {t("hint.hide")}
        </button>
      </div>
      {changed && <p className="text-amber-900">{t("hint.changed")}</p>}
      <p role="status" data-testid="hint-message">
        {message}
      </p>
      {onAgain && (
        <button
          type="button"
          className={`${HINT_BUTTON} bg-amber-500 text-amber-950`}
          onClick={onAgain}
        >
          {t("hint.again")}
        </button>
      )}
      {warning && (
        <p role="alert" data-testid="hint-eliminates" className="font-medium text-red-700">
          {warning}
        </p>
      )}
      {target && (
        <ul aria-label={t("hint.title")} data-testid="hint-target" className="flex flex-wrap gap-3">
          {target.map((group) => (
            <li key={group.key} className="space-y-1">
              <span className="text-xs text-stone-600">{group.label}</span>
              <span className="flex">
                {group.cards.map((one) => (
                  <Fragment key={one}>{card(one, placed.includes(one))}</Fragment>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {steps && (
        <>
          <ol className="list-decimal space-y-0.5 pl-5 text-stone-700">
            {steps.words.map((words, i) => (
              <li
                key={i}
                className={
                  i < steps.sent
                    ? "text-stone-400 line-through"
                    : i === steps.sent
                      ? "font-semibold"
                      : ""
                }
              >
                {words}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={`${HINT_BUTTON} bg-amber-500 text-amber-950`}
            data-testid="hint-next"
            disabled={steps.busy}
            onClick={steps.onNext}
          >
            {t("hint.next", { step: steps.sent + 1, total: steps.words.length })}
          </button>
        </>
      )}
    </section>
  );
}

/** A Hint's state as its message reads it, in either game (`K`: its other answers' kinds). */
type Said<K extends string> =
  | { status: "searching" }
  | { status: "placement"; answer: { placed: readonly unknown[]; moved: number } }
  | { status: "done" }
  | { status: "failed"; reason: string }
  | { status: "answered"; answer: { kind: K } };

/** What the Hint says: the same in both games but for the answers each words itself. */
export function hintMessage<K extends string>(
  t: Translator,
  state: Said<NoInfer<K>>,
  answered: Record<K, string>,
): string {
  switch (state.status) {
    case "searching":
      return t("hint.searching");
    case "placement":
      return `${t("hint.placement", { placed: state.answer.placed.length, moved: state.answer.moved })} ${t("hint.yours")}`;
    case "done":
      return t("hint.done");
    case "failed":
      return state.reason || t("hint.failed");
    case "answered":
      return answered[state.answer.kind];
  }
}
