"use client";

// What the Hint found, shown once the player asks (its code loads then, not with the table):
// the melds as they end up, the steps in words, and the button that plays the next one.

import { NEW_MELD } from "@/bots/plan";
import { useTranslations } from "next-intl";
import { CardFace } from "./card";
import { type HintPanelProps } from "./hint";
import { describeStep } from "./hint-check";
import { HintFrame, hintMessage } from "./hint-frame";

/** What the Hint found, once asked. */
export function HintAnswerPanel({ hint, busy, fourColour, meldNumber }: HintPanelProps) {
  const t = useTranslations();
  const { state } = hint;
  if (state.status === "closed") return null;
  const placement = state.status === "placement" ? state : null;
  return (
    <HintFrame
      onClose={hint.close}
      changed={"changed" in state && state.changed}
      message={
        hint.invalidLeft
          ? t("hint.doneInvalid")
          : hintMessage(t, state, {
              none: t("hint.none"),
              "too-complex": t("hint.tooComplex"),
              "cannot-play": t("hint.cannotPlay"),
            })
      }
      onAgain={hint.invalidLeft ? hint.open : null}
      warning={placement?.answer.eliminates ? t("hint.eliminates") : null}
      target={placement?.answer.melds.map((meld) => ({
        key: meld.id,
        label: meld.id >= NEW_MELD ? t("hint.newMeld") : t("hint.meld", { n: meldNumber(meld.id) }),
        cards: meld.cards,
      }))}
      placed={placement?.answer.placed}
      card={(card, placed) => (
        <CardFace card={card} look={{ fourColour, small: true, hinted: placed }} />
      )}
      steps={
        placement && {
          words: placement.answer.steps.map((step) => describeStep(t, step, meldNumber)),
          sent: placement.plan.sent,
          busy,
          onNext: () => void hint.next(),
        }
      }
    />
  );
}
