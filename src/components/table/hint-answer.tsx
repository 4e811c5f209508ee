"use client";

// What the Hint found, shown once the player asks (its code loads then, not with the table):
// the melds as they end up, the steps in words, and the button that plays the next one.

import { NEW_MELD } from "@/bots/plan";
import { useTranslations } from "next-intl";
import type { Translator } from "@/i18n/types";
import { CardFace } from "./card";
import { HINT_BUTTON, type HintPanelProps, type HintState } from "./hint";
import { describeStep } from "./hint-check";

/** What the Hint found, once asked. */
export function HintAnswerPanel({ hint, busy, fourColour, meldNumber }: HintPanelProps) {
  const t = useTranslations();
  const { state } = hint;
  if (state.status === "closed") return null;
  const changed = "changed" in state && state.changed;
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
          onClick={hint.close}
        >
          {t("hint.hide")}
        </button>
      </div>
      {changed && <p className="text-amber-900">{t("hint.changed")}</p>}
      <p role="status" data-testid="hint-message">
        {hint.invalidLeft ? t("hint.doneInvalid") : message(t, state)}
      </p>
      {hint.invalidLeft && (
        <button
          type="button"
          className={`${HINT_BUTTON} bg-amber-500 text-amber-950`}
          onClick={hint.open}
        >
          {t("hint.again")}
        </button>
      )}
      {state.status === "placement" && (
        <>
          {state.answer.eliminates && (
            <p role="alert" data-testid="hint-eliminates" className="font-medium text-red-700">
              {t("hint.eliminates")}
            </p>
          )}
          <ul
            aria-label={t("hint.title")}
            data-testid="hint-target"
            className="flex flex-wrap gap-3"
          >
            {state.answer.melds.map((meld) => (
              <li key={meld.id} className="space-y-1">
                <span className="text-xs text-stone-600">
                  {meld.id >= NEW_MELD
                    ? t("hint.newMeld")
                    : t("hint.meld", { n: meldNumber(meld.id) })}
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
                {describeStep(t, step, meldNumber)}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={`${HINT_BUTTON} bg-amber-500 text-amber-950`}
            data-testid="hint-next"
            disabled={busy}
            onClick={() => void hint.next()}
          >
            {t("hint.next", { step: state.plan.sent + 1, total: state.answer.steps.length })}
          </button>
        </>
      )}
    </section>
  );
}

function message(t: Translator, state: Exclude<HintState, { status: "closed" }>): string {
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
      return {
        none: t("hint.none"),
        "too-complex": t("hint.tooComplex"),
        "cannot-play": t("hint.cannotPlay"),
      }[state.answer.kind];
  }
}
