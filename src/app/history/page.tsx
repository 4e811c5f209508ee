import type { Metadata } from "next";
import Link from "next/link";
import { getMessages } from "@/i18n/server";
import { db } from "@/server/db/client";
import { finishedGames } from "@/server/games/history";
import { signedIn } from "@/server/games/viewer";
import { botName, when } from "../games/ui";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.history.meta };
}

export default async function HistoryPage() {
  const [user, messages] = await Promise.all([signedIn("/history"), getMessages()]);
  const t = messages.site;
  const matches = await finishedGames(db(), user.id);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t.history.title}</h1>
      {matches.length === 0 ? (
        <p className="text-stone-500">{t.history.empty}</p>
      ) : (
        <ul className="space-y-2">
          {matches.map((match) => (
            <li
              key={match.id}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-white p-3 text-sm"
            >
              <span className="text-stone-500">{when(match.endedAt)}</span>
              <span className="font-medium">
                {match.rules === "classic" && `${t.history.classic} · `}
                {t.kinds[match.kind]}
              </span>
              <span>
                {match.seats
                  .map(
                    (seat) =>
                      `${seat.user?.name ?? botName(messages, seat.seat, seat.bot)} ${seat.points ?? "–"}${seat.won ? " ★" : ""}`,
                  )
                  .join(" · ")}
              </span>
              {match.rules === "classic" && (
                <span className="text-stone-500">{t.history.penalties}</span>
              )}
              {match.endedReason && (
                <span className="text-stone-500">{t.history.endedByModerator}</span>
              )}
              <Link href={`/replay/${match.id}`} className="text-emerald-800 underline">
                {t.history.replay}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
