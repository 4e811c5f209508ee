"use client";

// The classic Machiavelli table at a live match. Loaded apart (next/dynamic), so a
// Machiavelox table's first load never carries classic's table and rules.

import { useCallback, useState } from "react";
import type { ClassicCommand, ClassicEvent, ClassicView } from "@/engine/classic";
import type { Millis } from "@/engine";
import { ClassicTable, type ClassicActResult } from "@/components/classic/classic-table";
import { HomeAndRules } from "@/components/table/table";
import { useTranslations } from "next-intl";
import { commandRefusalText } from "@/i18n/errors";
import { useTRPCClient } from "../../trpc";

export default function ClassicLive({
  matchId,
  you,
  view,
  clockAt,
  events,
  names,
  offline,
  hintAllowed,
  endActions,
  canLeave,
  left,
}: {
  matchId: string;
  you: number | null;
  /** Friendly and practice games: a player may leave, a bot plays on (never in ranked games). */
  canLeave: boolean;
  /** A bot plays the seat of the player, who left. */
  left: boolean;
  view: ClassicView;
  clockAt: Millis;
  events: readonly ClassicEvent[];
  names: string[];
  offline: boolean;
  /** The Hint helps in friendly and practice games; ranked games are played unaided. */
  hintAllowed: boolean;
  endActions: React.ReactNode;
}) {
  const t = useTranslations();
  const client = useTRPCClient();
  const act = useCallback(
    async (command: ClassicCommand): Promise<ClassicActResult> => {
      if (you === null) return { ok: false, reason: t("spectating") };
      try {
        await client.match.classic.mutate({ matchId, seat: you, command });
        return { ok: true };
      } catch (e) {
        return { ok: false, reason: commandRefusalText(t, "classic.refusals", e) };
      }
    },
    [client, matchId, you, t],
  );
  const findHint = useCallback(
    () => client.hint.classic.query({ matchId, seat: you! }),
    [client, matchId, you],
  );
  const [asking, setAsking] = useState(false);
  const leave = () => {
    setAsking(false);
    if (you !== null)
      void client.match.classic
        .mutate({ matchId, seat: you, command: { do: "leave" } })
        .catch(() => undefined);
  };
  return (
    <ClassicTable
      view={view}
      clockAt={clockAt}
      events={events}
      names={names}
      act={act}
      findHint={you === null || !hintAllowed || left ? null : findHint}
      offline={offline}
      endActions={endActions}
      topBar={
        <>
          <HomeAndRules />
          {you === null && <span className="text-stone-600">{t("spectating")}</span>}
          {left && (
            <span data-testid="left" className="text-stone-600">
              {t("classic.leaving.left")}
            </span>
          )}
          {canLeave && you !== null && !left && view.result === null && !asking && (
            <button
              type="button"
              data-testid="leave-game"
              className="rounded-md bg-white px-2 py-1 text-sm ring-1 ring-stone-300"
              onClick={() => setAsking(true)}
            >
              {t("classic.leaving.leave")}
            </button>
          )}
          {asking && (
            <span
              role="alertdialog"
              aria-label={t("classic.leaving.leave")}
              className="flex items-center gap-2"
            >
              <span className="text-sm">{t("classic.leaving.question")}</span>
              <button
                type="button"
                className="rounded-md bg-red-700 px-2 py-1 text-sm text-white"
                onClick={leave}
              >
                {t("classic.leaving.yes")}
              </button>
              <button
                type="button"
                className="rounded-md bg-white px-2 py-1 text-sm ring-1 ring-stone-300"
                onClick={() => setAsking(false)}
              >
                {t("classic.leaving.no")}
              </button>
            </span>
          )}
        </>
      }
    />
  );
}
