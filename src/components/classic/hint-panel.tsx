"use client";

// The Hint's button at the classic table, and once asked what it found: the
// combinations it changes as they end up and its steps, in the Machiavelox Hint's frame.

import { useTranslations } from "next-intl";
import { HintButton } from "@/components/table/hint-button";
import { HintFrame, hintMessage } from "@/components/table/hint-frame";
import { type ClassicHintControl, classicAnswers, classicHintWords } from "./hint";
import { ClassicCardFace } from "./parts";

export function ClassicHintPanel({
  hint,
  fourColour,
}: {
  hint: ClassicHintControl;
  fourColour: boolean;
}) {
  const t = useTranslations();
  const { state } = hint;
  if (state.status === "closed") return <HintButton onOpen={hint.open} />;
  const placement = state.status === "placement" ? state : null;
  const plan = placement?.answer.plan;
  // Only the combinations the plan changes: those it continues keep their number.
  const target = plan?.target.flatMap((cards, to) => {
    const number = placement!.plan.numbers[to];
    const changed = plan.steps.some((s) => s.to === to);
    if (!changed) return [];
    const label =
      number === null || number === undefined
        ? t("classic.hint.newCombination")
        : t("classic.hint.combination", { n: number });
    return [{ key: to, label, cards }];
  });
  return (
    <HintFrame
      onClose={hint.close}
      changed={"changed" in state && state.changed}
      message={hintMessage(t, state, classicAnswers(t))}
      target={target}
      placed={placement?.answer.placed}
      card={(card, placed) => (
        <ClassicCardFace card={card} look={{ fourColour, small: true, hinted: placed }} />
      )}
      steps={
        placement && {
          words: classicHintWords(t, placement.answer.plan, placement.plan),
          sent: placement.plan.sent,
          busy: hint.busy,
          onNext: () => void hint.next(),
        }
      }
    />
  );
}
