"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTRPC, useTRPCClient } from "../trpc";
import { button, ErrorText, errorMessage, Panel, quietButton, when } from "../games/ui";

/** How often a queued player's page looks for their match. */
const REFRESH_MS = 1000;

export function PlayRanked() {
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
      (failure: unknown) => setError(errorMessage(failure)),
    );
  };

  return (
    <Panel title="Play ranked">
      {data?.ban ? (
        <p role="alert" className="text-red-700">
          {data.ban.kind === "ABANDONMENT"
            ? "You left too many ranked hands: matchmaking is closed to you"
            : "Your account is banned"}{" "}
          until {when(data.ban.endsAt)}.
        </p>
      ) : data?.queued ? (
        <div className="flex flex-wrap items-center gap-3">
          <span data-testid="queue-status">
            Looking for two opponents… {Math.max(0, Math.round((now - data.queued.since) / 1000))} s
            ({data.queued.waiting} waiting)
          </span>
          <button
            type="button"
            className={quietButton}
            onClick={() => act(client.agora.cancel.mutate())}
          >
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className={button} onClick={() => act(client.agora.queue.mutate())}>
          Play ranked
        </button>
      )}
      <ErrorText message={error} />
    </Panel>
  );
}
