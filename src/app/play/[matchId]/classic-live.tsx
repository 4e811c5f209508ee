"use client";

// The classic Machiavelli table at a live match. Loaded apart (next/dynamic), so a
// Machiavelox table's first load never carries classic's table and rules.

import { TRPCClientError } from "@trpc/client";
import { useCallback } from "react";
import type { ClassicCommand, ClassicEvent, ClassicView } from "@/engine/classic";
import type { Millis } from "@/engine";
import { ClassicTable, type ClassicActResult } from "@/components/classic/classic-table";
import { HomeAndRules } from "@/components/table/table";
import { useMessages } from "@/i18n/client";
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
}: {
  matchId: string;
  you: number | null;
  view: ClassicView;
  clockAt: Millis;
  events: readonly ClassicEvent[];
  names: string[];
  offline: boolean;
  /** The Hint helps in friendly and practice games; ranked games are played unaided. */
  hintAllowed: boolean;
  endActions: React.ReactNode;
}) {
  const t = useMessages();
  const client = useTRPCClient();
  const act = useCallback(
    async (command: ClassicCommand): Promise<ClassicActResult> => {
      if (you === null) return { ok: false, reason: t.spectating };
      try {
        await client.match.classic.mutate({ matchId, seat: you, command });
        return { ok: true };
      } catch (e) {
        // No answer at all (the network is gone): said as such, never "Failed to fetch".
        if (e instanceof TRPCClientError && e.data === undefined)
          return { ok: false, reason: t.table.offline };
        const code =
          e instanceof TRPCClientError
            ? (e.data as { engineCode?: string } | undefined)?.engineCode
            : undefined;
        const reason = e instanceof Error ? e.message : String(e);
        const refusals = t.classic.refusals as Record<string, string> | null;
        return { ok: false, reason: (code && refusals?.[code]) || reason };
      }
    },
    [client, matchId, you, t],
  );
  const findHint = useCallback(
    () => client.hint.classic.query({ matchId, seat: you! }),
    [client, matchId, you],
  );
  return (
    <ClassicTable
      view={view}
      clockAt={clockAt}
      events={events}
      names={names}
      act={act}
      findHint={you === null || !hintAllowed ? null : findHint}
      offline={offline}
      endActions={endActions}
      topBar={
        <>
          <HomeAndRules />
          {you === null && <span className="text-stone-600">{t.spectating}</span>}
        </>
      }
    />
  );
}
