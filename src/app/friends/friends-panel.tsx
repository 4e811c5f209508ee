"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { useTRPC, useTRPCClient } from "../trpc";
import { button, ErrorText, input, Panel, quietButton } from "../games/ui";

/** How often the list looks again for who came online or sat down. */
const REFRESH_MS = 10_000;

const profile = (name: string) => `/u/${encodeURIComponent(name)}`;

export function FriendsPanel() {
  const t = useTranslations();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const list = useQuery({ ...trpc.friends.list.queryOptions(), refetchInterval: REFRESH_MS });
  const settings = useQuery(trpc.friends.settings.queryOptions());
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const act = (work: Promise<unknown>, done?: string) => {
    setError(null);
    setNotice(null);
    work.then(
      () => {
        if (done) setNotice(done);
        void list.refetch();
        void settings.refetch();
      },
      (failure: unknown) => setError(errorText(failure, t)),
    );
  };
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (name) act(client.friends.request.mutate({ name }), t("site.friends.sent", { name }));
  };
  const data = list.data;
  if (list.error) return <ErrorText message={errorText(list.error, t)} />;
  const small = (label: string, work: () => Promise<unknown>) => (
    <button type="button" className={quietButton} onClick={() => act(work())}>
      {label}
    </button>
  );

  return (
    <div className="space-y-6">
      <ErrorText message={error} />
      {notice && <p className="text-sm text-emerald-800">{notice}</p>}
      {data && data.incoming.length > 0 && (
        <Panel title={t("site.friends.incoming")}>
          <ul className="space-y-2" aria-label={t("site.friends.incoming")}>
            {data.incoming.map((name) => (
              <li key={name} className="flex flex-wrap items-center gap-2">
                <Link href={profile(name)} className="flex-1 font-medium hover:text-emerald-700">
                  {name}
                </Link>
                {small(t("site.friends.accept"), () => client.friends.accept.mutate({ name }))}
                {small(t("site.friends.decline"), () => client.friends.decline.mutate({ name }))}
                {small(t("site.friends.block"), () => client.friends.block.mutate({ name }))}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <Panel title={t("site.friends.title")}>
        {data && data.friends.length === 0 && (
          <p className="text-stone-600">{t("site.friends.none")}</p>
        )}
        <ul className="space-y-2" aria-label={t("site.friends.title")}>
          {data?.friends.map((friend) => (
            <li key={friend.name} className="flex flex-wrap items-center gap-2">
              <span
                aria-hidden
                className={`size-2.5 rounded-full ${friend.online ? "bg-emerald-600" : "bg-stone-300"}`}
              />
              <Link href={profile(friend.name)} className="font-medium hover:text-emerald-700">
                {friend.name}
              </Link>
              <span className="flex-1 text-sm text-stone-500">
                {friend.online !== null &&
                  (friend.online ? t("site.friends.online") : t("site.friends.offline"))}
                {friend.playing && ` · ${t("site.friends.atTable")}`}
              </span>
              {friend.playing && (
                <Link href={`/play/${friend.playing.matchId}`} className={quietButton}>
                  {t("site.friends.watch")}
                </Link>
              )}
              {small(t("site.friends.remove"), () =>
                client.friends.remove.mutate({ name: friend.name }),
              )}
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={t("site.friends.add")}>
        <form onSubmit={add} className="flex flex-wrap gap-2">
          <input
            name="name"
            aria-label={t("site.friends.addName")}
            placeholder={t("site.friends.addName")}
            className={input}
          />
          <button type="submit" className={button}>
            {t("site.friends.send")}
          </button>
        </form>
      </Panel>
      {data && data.outgoing.length > 0 && (
        <Panel title={t("site.friends.outgoing")}>
          <ul className="space-y-2" aria-label={t("site.friends.outgoing")}>
            {data.outgoing.map((name) => (
              <li key={name} className="flex items-center gap-2">
                <Link href={profile(name)} className="flex-1 font-medium hover:text-emerald-700">
                  {name}
                </Link>
                {small(t("site.friends.cancel"), () => client.friends.remove.mutate({ name }))}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {data && data.blocked.length > 0 && (
        <Panel title={t("site.friends.blocked")}>
          <ul className="space-y-2" aria-label={t("site.friends.blocked")}>
            {data.blocked.map((name) => (
              <li key={name} className="flex items-center gap-2">
                <span className="flex-1 font-medium">{name}</span>
                {small(t("site.friends.unblock"), () => client.friends.unblock.mutate({ name }))}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {settings.data && (
        <Panel title={t("site.friends.settings")}>
          <label className="flex flex-col gap-1 text-sm">
            {t("site.friends.requestsFrom")}
            <select
              className={input}
              value={settings.data.requestsFrom}
              onChange={(event) =>
                act(
                  client.friends.setSettings.mutate({
                    requestsFrom: event.target.value as "EVERYONE" | "PLAYED_WITH" | "NOBODY",
                  }),
                  t("site.friends.saved"),
                )
              }
            >
              {(["EVERYONE", "PLAYED_WITH", "NOBODY"] as const).map((option) => (
                <option key={option} value={option}>
                  {t(`site.friends.requestsFromOptions.${option}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={settings.data.showOnline}
              onChange={(event) =>
                act(
                  client.friends.setSettings.mutate({ showOnline: event.target.checked }),
                  t("site.friends.saved"),
                )
              }
            />
            {t("site.friends.showOnline")}
          </label>
        </Panel>
      )}
    </div>
  );
}
