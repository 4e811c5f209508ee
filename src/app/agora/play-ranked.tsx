"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { useTRPC, useTRPCClient } from "../trpc";
import { banEnd } from "@/i18n/format";
import { button, ErrorText, Panel, quietButton } from "../games/ui";

/** How often a queued player's page looks for their match. */
const REFRESH_MS = 1000;

export function PlayRanked() {
  const t = useTranslations();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const status = useQuery({ ...trpc.agora.status.queryOptions(), refetchInterval: REFRESH_MS });
  const data = status.data;
  useEffect(() => {
    if (data?.matchId) router.push(`/play/${data.matchId}`);
  }, [data?.matchId, router]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const act = (work: Promise<unknown>) => {
    setError(null);
    work.then(
      () => status.refetch(),
      (failure: unknown) => setError(errorText(failure, t)),
    );
  };

  return (
    <Panel title={t("site.agora.play")}>
      {data?.ban ? (
        <p role="alert" className="text-red-700">
          {t(
            data.ban.kind === "ABANDONMENT" ? "site.agora.abandonmentBan" : "site.agora.accountBan",
            {
              end: banEnd(t, data.ban.endsAt),
            },
          )}
        </p>
      ) : data?.queued ? (
        <div className="flex flex-wrap items-center gap-3">
          <span data-testid="queue-status">
            {t("site.agora.searching", {
              seconds: Math.max(0, Math.round((now - data.queued.since) / 1000)),
              waiting: data.queued.waiting,
            })}
          </span>
          <button
            type="button"
            className={quietButton}
            onClick={() => act(client.agora.cancel.mutate())}
          >
            {t("site.agora.cancel")}
          </button>
        </div>
      ) : (
        <button type="button" className={button} onClick={() => act(client.agora.queue.mutate())}>
          {t("site.agora.play")}
        </button>
      )}
      <ErrorText message={error} />
    </Panel>
  );
}
