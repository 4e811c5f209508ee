"use client";

// The classic Machiavelli table at a live match. Loaded apart (next/dynamic), so a
// Machiavelox table's first load never carries classic's table and rules.

import { useCallback } from "react";
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
  endActions,
}: {
  matchId: string;
  you: number | null;
  view: ClassicView;
  clockAt: Millis;
  events: readonly ClassicEvent[];
  names: string[];
  offline: boolean;
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
  return (
    <ClassicTable
      view={view}
      clockAt={clockAt}
      events={events}
      names={names}
      act={act}
      offline={offline}
      endActions={endActions}
      topBar={
        <>
          <HomeAndRules />
          {you === null && <span className="text-stone-600">{t("spectating")}</span>}
        </>
      }
    />
  );
}
