import type { Metadata } from "next";
import Link from "next/link";
import { db } from "@/server/db/client";
import { signedIn } from "@/server/games/viewer";
import { kindName, when } from "../games/ui";

export const metadata: Metadata = { title: "History" };

export default async function HistoryPage() {
  const user = await signedIn("/history");
  const matches = await db().match.findMany({
    where: { status: "ENDED", seats: { some: { userId: user.id } } },
    orderBy: { endedAt: "desc" },
    take: 50,
    select: {
      id: true,
      kind: true,
      endedAt: true,
      endedReason: true,
      seats: {
        orderBy: { seat: "asc" },
        select: { bot: true, points: true, won: true, user: { select: { name: true } } },
      },
    },
  });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Your games</h1>
      {matches.length === 0 ? (
        <p className="text-stone-500">No finished games yet.</p>
      ) : (
        <ul className="space-y-2">
          {matches.map((match) => (
            <li
              key={match.id}
              className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-white p-3 text-sm"
            >
              <span className="text-stone-500">{when(match.endedAt)}</span>
              <span className="font-medium">{kindName(match.kind)}</span>
              <span>
                {match.seats
                  .map(
                    (seat) =>
                      `${seat.user?.name ?? `Bot (${seat.bot})`} ${seat.points ?? "–"}${seat.won ? " ★" : ""}`,
                  )
                  .join(" · ")}
              </span>
              {match.endedReason && <span className="text-stone-500">ended by a moderator</span>}
              <Link href={`/replay/${match.id}`} className="text-emerald-800 underline">
                Replay
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
