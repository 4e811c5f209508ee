"use client";

// What a player can do once the hand is over, in the end-of-hand dialog: replay it, and
// play on as the game allows: practice again at the same level, a rematch with the same
// players, or (ranked) see what the hand did to the ranking and queue again.

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { isBotLevel } from "@/bots/levels";
import { formatPoints } from "@/components/table/end-screen";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import type { MatchInfo } from "@/protocol/stream";
import { useTRPC, useTRPCClient } from "../../trpc";

/** How often the dialog looks whether the ranked hand has been counted yet. */
const RESULT_REFRESH_MS = 1000;

const PRIMARY = "rounded-md bg-emerald-700 px-4 py-2 font-medium text-white disabled:opacity-60";

export function AfterHand({ info, you }: { info: MatchInfo; you: number | null }) {
  const t = useTranslations();
  const client = useTRPCClient();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ended = info.status === "ENDED";
  const go = (work: Promise<string>) => {
    setBusy(true);
    setError(null);
    work.then(
      (href) => router.push(href),
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure, t));
      },
    );
  };
  const level = info.seats.find((holder) => holder?.bot)?.bot;
  const again =
    you === null || !ended
      ? null
      : info.kind === "PRACTICE"
        ? {
            label: t("end.playAgain"),
            run: () =>
              client.practice.start
                .mutate({ level: isBotLevel(level) ? level : undefined })
                .then(({ matchId }) => `/play/${matchId}`),
          }
        : info.kind === "COMPETITIVE"
          ? {
              label: t("end.queueAgain"),
              run: () => client.agora.queue.mutate().then(() => "/agora"),
            }
          : {
              label: t("end.rematch"),
              run: () =>
                client.game.rematch
                  .mutate({ matchId: info.id })
                  .then(({ matchId }) => `/games/${matchId}`),
            };
  return (
    <>
      {ended && you !== null && info.kind === "COMPETITIVE" && <RankedResult matchId={info.id} />}
      {again && (
        <button type="button" disabled={busy} className={PRIMARY} onClick={() => go(again.run())}>
          {again.label}
        </button>
      )}
      {ended && (
        <Link
          href={`/replay/${info.id}`}
          className="inline-block rounded-md bg-white px-4 py-2 font-medium text-emerald-900 ring-1 ring-stone-300"
        >
          {t("end.replay")}
        </Link>
      )}
      {again?.label === t("end.rematch") && (
        <p className="w-full text-xs text-stone-500">{t("end.rematchNote")}</p>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** The ranking points and the rating's change, once the server has counted the hand. */
function RankedResult({ matchId }: { matchId: string }) {
  const t = useTranslations();
  const trpc = useTRPC();
  const result = useQuery({
    ...trpc.agora.result.queryOptions({ matchId }),
    refetchInterval: (query) => (query.state.data ? false : RESULT_REFRESH_MS),
  });
  const data = result.data;
  return (
    <p className="w-full text-sm" data-testid="ranked-result">
      {data ? (
        <>
          {t("end.ranking", { points: formatPoints(data.points) })}
          {data.ratingChange !== null && (
            <>
              {" · "}
              {t("end.rating", {
                rating: String(Math.round(data.rating)),
                change: formatPoints(Math.round(data.ratingChange)),
              })}
            </>
          )}
        </>
      ) : (
        t("end.counting")
      )}
    </p>
  );
}
