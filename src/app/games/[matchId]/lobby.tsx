"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { BOT_LEVELS, type BotLevel } from "@/bots/levels";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { useTRPC, useTRPCClient } from "../../trpc";
import { button, ErrorText, Panel, quietButton } from "../ui";
import { InviteFriends } from "./invite-friends";

/** How often the lobby looks for who joined and who is ready. */
const REFRESH_MS = 1000;

export function Lobby({ matchId }: { matchId: string }) {
  const t = useTranslations();
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

  if (lobby.error) return <ErrorText message={errorText(lobby.error, t)} />;
  if (!data) return <p className="text-stone-500">{t("site.games.loadingLobby")}</p>;
  const link = typeof location === "undefined" ? "" : `${location.origin}/games/join/${data.code}`;
  const me = data.you === null ? null : data.members[data.you];
  const act = (work: Promise<unknown>) =>
    work.then(
      () => lobby.refetch(),
      (failure: unknown) => setError(errorText(failure, t)),
    );

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">
        {data.kind === "long" ? t("site.games.long") : t("site.kinds.FRIENDLY_SINGLE")}
      </h1>
      {data.code && (
        <Panel title={t("site.games.invite")}>
          <p className="text-sm text-stone-600">
            {t("site.games.codeLabel")}{" "}
            <strong data-testid="invite-code" className="font-mono text-lg">
              {data.code}
            </strong>
          </p>
          <p className="text-sm break-all">
            {t("site.games.linkLabel")}{" "}
            <span data-testid="invite-link" className="font-mono">
              {link}
            </span>
          </p>
        </Panel>
      )}
      {data.you === 0 && data.status === "WAITING" && <InviteFriends matchId={matchId} />}
      <Panel title={t("site.games.players")}>
        <ul className="space-y-1" aria-label={t("site.games.players")}>
          {data.members.map((member) => (
            <li key={member.name} className="flex items-center gap-3">
              <span className="font-medium">
                {member.level
                  ? t("levels.bot", { name: member.name, level: t(`levels.names.${member.level}`) })
                  : member.name}
              </span>
              <span className={member.ready ? "text-emerald-700" : "text-stone-500"}>
                {member.ready ? t("site.games.ready") : t("site.games.notReady")}
              </span>
            </li>
          ))}
          {Array.from({ length: 3 - data.members.length }, (_, empty) => (
            <li key={`empty-${empty}`} className="text-stone-400">
              {t("site.games.emptySeat")}
            </li>
          ))}
        </ul>
        <p className="text-sm text-stone-600">{t("site.games.startsWhen")}</p>
        {me && data.status === "WAITING" && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={button}
              onClick={() => act(client.game.ready.mutate({ matchId, ready: !me.ready }))}
            >
              {me.ready ? t("site.games.imNotReady") : t("site.games.imReady")}
            </button>
            {data.you === 0 && data.botsAllowed && (
              <>
                <label className="flex items-center gap-1 text-sm">
                  {t("levels.label")}
                  <select
                    className="rounded border border-stone-300 bg-white px-1 py-1"
                    value={level}
                    onChange={(e) => setLevel(e.target.value as BotLevel)}
                  >
                    {BOT_LEVELS.map((one) => (
                      <option key={one} value={one}>
                        {t(`levels.names.${one}`)}
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
                  {t("site.games.addBot")}
                </button>
                <button
                  type="button"
                  className={quietButton}
                  disabled={!data.members.some((member) => member.bot)}
                  onClick={() => act(client.game.bots.mutate({ matchId, change: -1 }))}
                >
                  {t("site.games.removeBot")}
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
                    (failure: unknown) => setError(errorText(failure, t)),
                  )
                }
              >
                {t("site.games.leave")}
              </button>
            )}
          </div>
        )}
        {data.status !== "WAITING" && data.you === null && (
          <p className="text-stone-600">{t("site.games.startedWithout")}</p>
        )}
      </Panel>
      <ErrorText message={error} />
    </div>
  );
}
