import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { db } from "@/server/db/client";
import { viewer } from "@/server/games/viewer";
import { Panel, when } from "../games/ui";
import { PlayRanked } from "./play-ranked";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("nav.agora") };
}

export default async function AgoraPage() {
  const [user, t, format] = await Promise.all([viewer(), getTranslations(), getFormatter()]);
  const live = await db().match.findMany({
    where: { kind: "COMPETITIVE", status: "PLAYING" },
    orderBy: { startedAt: "desc" },
    take: 50,
    select: {
      id: true,
      startedAt: true,
      seats: { orderBy: { seat: "asc" }, select: { user: { select: { name: true } } } },
    },
  });
  return (
    <ClientMessages namespaces={[...ERRORS, "levels", "site.account", "site.agora"]}>
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight">{t("site.agora.title")}</h1>
        <p className="text-stone-600">
          {t("site.agora.textBefore")}{" "}
          <Link href="/leaderboard" className="text-emerald-800 underline">
            {t("site.agora.ranking")}
          </Link>
          {t("site.agora.textAfter")}
        </p>
        {user ? (
          <PlayRanked />
        ) : (
          <p>
            <Link href="/signin?callbackUrl=%2Fagora" className="text-emerald-800 underline">
              {t("site.agora.signIn")}
            </Link>{" "}
            {t("site.agora.signInAfter")}
          </p>
        )}
        <Panel title={t("site.agora.liveTitle")}>
          {live.length === 0 ? (
            <p className="text-sm text-stone-500">{t("site.agora.noLive")}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {live.map((match) => (
                <li key={match.id} className="flex flex-wrap items-center gap-3">
                  <span>{match.seats.map((seat) => seat.user?.name).join(" · ")}</span>
                  <span className="text-stone-500">
                    {t("site.agora.since", { time: when(format, match.startedAt) })}
                  </span>
                  <Link href={`/play/${match.id}`} className="text-emerald-800 underline">
                    {t("site.agora.watch")}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </ClientMessages>
  );
}
