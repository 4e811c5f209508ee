"use client";

// The Hint's button at the table; what it found loads only once the player asks.

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { HINT_BUTTON, type HintPanelProps } from "./hint";

const HintAnswerPanel = dynamic(() => import("./hint-answer").then((m) => m.HintAnswerPanel));

/** The Hint button, and once asked, what it found. */
export function HintPanel(props: HintPanelProps) {
  const { hint } = props;
  const t = useTranslations();
  const { state } = hint;
  if (state.status === "closed")
    return (
      <button
        type="button"
        className={`${HINT_BUTTON} self-start bg-amber-100 text-amber-950 ring-1 ring-amber-400`}
        data-testid="hint-open"
        onClick={hint.open}
      >
        {t("hint.show")}
      </button>
    );
  return <HintAnswerPanel {...props} />;
}
