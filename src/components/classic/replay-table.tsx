"use client";

// A classic game's replay at one step, on the classic table's own parts shown read-only:
// the players' strip, the face-up cards and the combinations as a spectator saw them, the
// turn's work, a failed move; once a round is over, the cards left in each hand and the
// round's penalties with the running totals (lower is better).

import { useMemo } from "react";
import { type CardId, type Seat } from "@/engine";
import { type ClassicEvent, type ClassicView } from "@/engine/classic";
import { useTranslations } from "next-intl";
import { useTableSettings } from "@/components/table/settings";
import {
  ClassicCardFace,
  type ClassicUi,
  Combinations,
  FaceUpCards,
  FailedMoveNotice,
  PlayersStrip,
} from "./parts";
import { classicCardName, failedMoves } from "./moves";
import { RoundPenalties } from "./round-end";

/** A replay shows no Hint. */
const NOTHING_HINTED: ReadonlySet<CardId> = new Set();

export default function ClassicReplayTable({
  view,
  hands,
  events,
  nameOf,
}: {
  view: ClassicView;
  /** The cards left in each hand, once the round is over (null while it is played). */
  hands: number[][] | null;
  /** What this step made happen, as a spectator saw it. */
  events: readonly ClassicEvent[];
  nameOf: (seat: Seat) => string;
}) {
  const t = useTranslations();
  const [settings] = useTableSettings();
  const ui = useMemo<ClassicUi>(
    () => ({
      selected: null,
      dragging: null,
      refusedCard: null,
      hinted: NOTHING_HINTED,
      fourColour: settings.fourColour,
      nameOf,
      onSelect: () => undefined,
      onChoose: () => undefined,
      readOnly: true,
    }),
    [settings.fourColour, nameOf],
  );
  const failure = failedMoves(events).at(-1) ?? null;
  const work = view.work;
  const look = { fourColour: settings.fourColour, small: true };
  return (
    <div data-testid="classic-replay" className="space-y-3">
      <PlayersStrip view={view} now={view.now} failure={failure} nameOf={nameOf} />
      {failure && <FailedMoveNotice failure={failure} nameOf={nameOf} own={false} />}
      {work && (
        <p
          data-testid="work"
          className={`rounded-md px-3 py-1 text-xs font-medium ${
            work.valid ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-950"
          }`}
        >
          {[
            t("classic.fromHand", { who: nameOf(work.seat), n: work.fromHand.length }),
            work.opening &&
              t("classic.opening", {
                points: work.opening.points,
                needed: work.opening.needed,
              }),
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      )}
      <div className="rounded-xl bg-emerald-800/15 p-2 pt-3">
        <FaceUpCards cards={view.faceUp} ui={ui} />
        <Combinations table={view.table} ui={ui} />
      </div>
      {hands && (
        <div className="grid gap-2 sm:grid-cols-2" data-testid="cards-left">
          {hands.map((cards, seat) => (
            <section
              key={seat}
              aria-label={t("classic.replay.cardsLeft", { who: nameOf(seat) })}
              className="rounded-lg bg-white p-2 ring-1 ring-stone-200"
            >
              <h3 className="text-sm font-semibold">
                {t("classic.replay.cardsLeft", { who: nameOf(seat) })}
              </h3>
              <div className="flex flex-wrap gap-0.5">
                {cards.map((card) => (
                  <span key={card} role="img" aria-label={classicCardName(t, card)}>
                    <ClassicCardFace card={card} look={look} />
                  </span>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
      {view.lastRound && view.phase !== "turn" && (
        <RoundPenalties
          view={view}
          className="w-full max-w-md"
          who={nameOf}
          caption={`${t("classic.end.title", { n: view.round })} · ${t("classic.replay.penalties")}`}
        />
      )}
    </div>
  );
}
