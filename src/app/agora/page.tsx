import type { Metadata } from "next";
import Link from "next/link";
import { db } from "@/server/db/client";
import { viewer } from "@/server/games/viewer";
import { Panel, when } from "../games/ui";
import { PlayRanked } from "./play-ranked";

export const metadata: Metadata = { title: "Agora" };

export default async function AgoraPage() {
  const user = await viewer();
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
      <h1 className="text-3xl font-bold tracking-tight">The agora</h1>
      <p className="text-stone-600">
        Ranked single hands against players of your level. The points you score here add up in the{" "}
        <Link href="/leaderboard" className="text-emerald-800 underline">
          ranking
        </Link>
        .
      </p>
      {user ? (
        <PlayRanked />
      ) : (
        <p>
          <Link href="/signin?callbackUrl=%2Fagora" className="text-emerald-800 underline">
            Sign in
          </Link>{" "}
          to play ranked.
        </p>
      )}
      <Panel title="Being played now">
        {live.length === 0 ? (
          <p className="text-sm text-stone-500">No ranked hand is being played right now.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {live.map((match) => (
              <li key={match.id} className="flex flex-wrap items-center gap-3">
                <span>{match.seats.map((seat) => seat.user?.name).join(" · ")}</span>
                <span className="text-stone-500">since {when(match.startedAt)}</span>
                <Link href={`/play/${match.id}`} className="text-emerald-800 underline">
                  Watch
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
