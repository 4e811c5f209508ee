"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTRPC, useTRPCClient } from "../../trpc";
import { button, ErrorText, errorMessage, Panel, quietButton } from "../ui";

/** How often the lobby looks for who joined and who is ready. */
const REFRESH_MS = 1000;

export function Lobby({ matchId }: { matchId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const lobby = useQuery({
    ...trpc.game.lobby.queryOptions({ matchId }),
    refetchInterval: REFRESH_MS,
  });
  const data = lobby.data;
  const seated = data?.status !== "WAITING" && data?.you !== null;
  useEffect(() => {
    if (data && seated) router.replace(`/play/${matchId}`);
  }, [data, seated, matchId, router]);

  if (lobby.error) return <ErrorText message={lobby.error.message} />;
  if (!data) return <p className="text-stone-500">Loading the lobby…</p>;
  const link = typeof location === "undefined" ? "" : `${location.origin}/games/join/${data.code}`;
  const me = data.you === null ? null : data.members[data.you];
  const act = (work: Promise<unknown>) =>
    work.then(
      () => lobby.refetch(),
      (failure: unknown) => setError(errorMessage(failure)),
    );

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">
        {data.kind === "long" ? "Long game to 150" : "Friendly hand"}
      </h1>
      <Panel title="Invite two friends">
        <p className="text-sm text-stone-600">
          Code{" "}
          <strong data-testid="invite-code" className="font-mono text-lg">
            {data.code}
          </strong>
        </p>
        <p className="text-sm break-all">
          Link:{" "}
          <span data-testid="invite-link" className="font-mono">
            {link}
          </span>
        </p>
      </Panel>
      <Panel title="Players">
        <ul className="space-y-1" aria-label="Players">
          {data.members.map((member) => (
            <li key={member.name} className="flex items-center gap-3">
              <span className="font-medium">{member.name}</span>
              <span className={member.ready ? "text-emerald-700" : "text-stone-500"}>
                {member.ready ? "ready" : "not ready"}
              </span>
            </li>
          ))}
          {Array.from({ length: 3 - data.members.length }, (_, empty) => (
            <li key={`empty-${empty}`} className="text-stone-400">
              waiting for a player…
            </li>
          ))}
        </ul>
        <p className="text-sm text-stone-600">
          The game starts when three players are in and all of them are ready.
        </p>
        {me && data.status === "WAITING" && (
          <div className="flex gap-2">
            <button
              type="button"
              className={button}
              onClick={() => act(client.game.ready.mutate({ matchId, ready: !me.ready }))}
            >
              {me.ready ? "Not ready" : "I'm ready"}
            </button>
            {data.you === 0 && data.botsAllowed && (
              <>
                <button
                  type="button"
                  className={quietButton}
                  disabled={data.members.length >= 3}
                  onClick={() => act(client.game.bots.mutate({ matchId, change: 1 }))}
                >
                  Add a bot
                </button>
                <button
                  type="button"
                  className={quietButton}
                  disabled={!data.members.some((member) => member.bot)}
                  onClick={() => act(client.game.bots.mutate({ matchId, change: -1 }))}
                >
                  Remove a bot
                </button>
              </>
            )}
            {data.you !== 0 && (
              <button
                type="button"
                className={quietButton}
                onClick={() =>
                  client.game.leave.mutate({ matchId }).then(
                    () => router.push("/games/new"),
                    (failure: unknown) => setError(errorMessage(failure)),
                  )
                }
              >
                Leave
              </button>
            )}
          </div>
        )}
        {data.status !== "WAITING" && data.you === null && (
          <p className="text-stone-600">This game has started without you.</p>
        )}
      </Panel>
      <ErrorText message={error} />
    </div>
  );
}
