import type { Metadata } from "next";
import Link from "next/link";
import { getMessages } from "@/i18n/server";
import { db } from "@/server/db/client";
import { viewer } from "@/server/games/viewer";
import { Panel, when } from "../games/ui";
import { PlayRanked } from "./play-ranked";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).nav.agora };
}

export default async function AgoraPage() {
  const [user, messages] = await Promise.all([viewer(), getMessages()]);
  const t = messages.site.agora;
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
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
      <p className="text-stone-600">
        {t.textBefore}{" "}
        <Link href="/leaderboard" className="text-emerald-800 underline">
          {t.ranking}
        </Link>
        {t.textAfter}
      </p>
      {user ? (
        <PlayRanked />
      ) : (
        <p>
          <Link href="/signin?callbackUrl=%2Fagora" className="text-emerald-800 underline">
            {t.signIn}
          </Link>{" "}
          {t.signInAfter}
        </p>
      )}
      <Panel title={t.liveTitle}>
        {live.length === 0 ? (
          <p className="text-sm text-stone-500">{t.noLive}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {live.map((match) => (
              <li key={match.id} className="flex flex-wrap items-center gap-3">
                <span>{match.seats.map((seat) => seat.user?.name).join(" · ")}</span>
                <span className="text-stone-500">{t.since(when(match.startedAt))}</span>
                <Link href={`/play/${match.id}`} className="text-emerald-800 underline">
                  {t.watch}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
