import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { db } from "@/server/db/client";
import { leaderboard } from "@/server/games/profile";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.leaderboard.title") };
}

type Props = { searchParams: Promise<{ by?: string }> };

export default async function LeaderboardPage({ searchParams }: Props) {
  const by = (await searchParams).by === "rating" ? "rating" : "points";
  const [rows, t, format] = await Promise.all([
    leaderboard(db(), by),
    getTranslations(),
    getFormatter(),
  ]);
  const tab = (value: "points" | "rating", label: string) => (
    <Link
      href={`/leaderboard?by=${value}`}
      aria-current={by === value ? "page" : undefined}
      className="rounded-md px-3 py-1.5 font-medium aria-[current=page]:bg-emerald-700 aria-[current=page]:text-white"
    >
      {label}
    </Link>
  );
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("site.leaderboard.title")}</h1>
      <p className="text-stone-600">{t("site.leaderboard.text")}</p>
      <nav className="flex gap-2 text-sm">
        {tab("points", t("site.leaderboard.byPoints"))}
        {tab("rating", t("site.leaderboard.byRating"))}
      </nav>
      {rows.length === 0 ? (
        <p className="text-stone-500">{t("site.leaderboard.empty")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-stone-500">
            <tr>
              <th className="py-1">#</th>
              <th>{t("site.leaderboard.player")}</th>
              <th className="text-right">{t("site.leaderboard.points")}</th>
              <th className="text-right">{t("site.leaderboard.rating")}</th>
              <th className="text-right">{t("site.leaderboard.hands")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name} className="border-t border-stone-200">
                <td className="py-1">{row.place}</td>
                <td>
                  <Link href={`/u/${encodeURIComponent(row.name)}`} className="hover:underline">
                    {row.name}
                  </Link>
                </td>
                <td className="text-right">{row.points}</td>
                <td className="text-right">{format.number(row.rating, "rating")}</td>
                <td className="text-right">{row.hands}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
