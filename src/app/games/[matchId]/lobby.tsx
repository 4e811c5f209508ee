"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { BotLevel } from "@/bots/levels";
import { useMessages } from "@/i18n/client";
import { errorText } from "@/i18n/errors";
import { useTRPC, useTRPCClient } from "../../trpc";
import { button, ErrorText, Panel, quietButton } from "../ui";
import { InviteFriends } from "./invite-friends";

/** How often the lobby looks for who joined and who is ready. */
const REFRESH_MS = 1000;

export function Lobby({ matchId }: { matchId: string }) {
  const messages = useMessages();
  const t = messages.site.games;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [level, setLevel] = useState<BotLevel>("medium");
  const lobby = useQuery({
    ...trpc.game.lobby.queryOptions({ matchId }),
    refetchInterval: REFRESH_MS,
  });
  const data = lobby.data;
  const seated = data?.status !== "WAITING" && data?.you !== null;
  useEffect(() => {
    if (data && seated) router.replace(`/play/${matchId}`);
  }, [data, seated, matchId, router]);

  if (lobby.error) return <ErrorText message={errorText(lobby.error, messages)} />;
  if (!data) return <p className="text-stone-500">{t.loadingLobby}</p>;
  const link = typeof location === "undefined" ? "" : `${location.origin}/games/join/${data.code}`;
  const me = data.you === null ? null : data.members[data.you];
  const act = (work: Promise<unknown>) =>
    work.then(
      () => lobby.refetch(),
      (failure: unknown) => setError(errorText(failure, messages)),
    );

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">
        {data.kind === "long" ? t.long : messages.site.kinds.FRIENDLY_SINGLE}
      </h1>
      {data.code && (
        <Panel title={t.invite}>
          <p className="text-sm text-stone-600">
            {t.codeLabel}{" "}
            <strong data-testid="invite-code" className="font-mono text-lg">
              {data.code}
            </strong>
          </p>
          <p className="text-sm break-all">
            {t.linkLabel}{" "}
            <span data-testid="invite-link" className="font-mono">
              {link}
            </span>
          </p>
        </Panel>
      )}
      {data.you === 0 && data.status === "WAITING" && <InviteFriends matchId={matchId} />}
      <Panel title={t.players}>
        <ul className="space-y-1" aria-label={t.players}>
          {data.members.map((member) => (
            <li key={member.name} className="flex items-center gap-3">
              <span className="font-medium">
                {member.level
                  ? messages.levels.bot(member.name, messages.levels.names[member.level])
                  : member.name}
              </span>
              <span className={member.ready ? "text-emerald-700" : "text-stone-500"}>
                {member.ready ? t.ready : t.notReady}
              </span>
            </li>
          ))}
          {Array.from({ length: data.seats - data.members.length }, (_, empty) => (
            <li key={`empty-${empty}`} className="text-stone-400">
              {t.emptySeat}
            </li>
          ))}
        </ul>
        <p className="text-sm text-stone-600" data-testid="lobby-count">
          {t.startsWhen(data.members.length, data.seats)}
        </p>
        {me && data.status === "WAITING" && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={button}
              onClick={() => act(client.game.ready.mutate({ matchId, ready: !me.ready }))}
            >
              {me.ready ? t.imNotReady : t.imReady}
            </button>
            {data.you === 0 && data.botsAllowed && (
              <>
                <label className="flex items-center gap-1 text-sm">
                  {messages.levels.label}
                  <select
                    className="rounded border border-stone-300 bg-white px-1 py-1"
                    value={level}
                    onChange={(e) => setLevel(e.target.value as BotLevel)}
                  >
                    {(Object.keys(messages.levels.names) as BotLevel[]).map((one) => (
                      <option key={one} value={one}>
                        {messages.levels.names[one]}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className={quietButton}
                  disabled={data.members.length >= 3}
                  onClick={() => act(client.game.bots.mutate({ matchId, change: 1, level }))}
                >
                  {t.addBot}
                </button>
                <button
                  type="button"
                  className={quietButton}
                  disabled={!data.members.some((member) => member.bot)}
                  onClick={() => act(client.game.bots.mutate({ matchId, change: -1 }))}
                >
                  {t.removeBot}
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
                    (failure: unknown) => setError(errorText(failure, messages)),
                  )
                }
              >
                {t.leave}
              </button>
            )}
          </div>
        )}
        {data.status !== "WAITING" && data.you === null && (
          <p className="text-stone-600">{t.startedWithout}</p>
        )}
      </Panel>
      <ErrorText message={error} />
    </div>
  );
}
