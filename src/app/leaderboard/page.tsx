import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getFormatter, getTranslations } from "next-intl/server";
import type { Translator } from "@/i18n/types";
import { db } from "@/server/db/client";
import { classicLeaderboard } from "@/server/agora/classic-leaderboard";
import { leaderboard } from "@/server/games/profile";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.leaderboard.title") };
}

type Props = { searchParams: Promise<{ by?: string }> };

type Tab = "points" | "rating" | "classic";

/** A rating as the site shows it (the "rating" number format). */
type Rating = (value: number) => string;

export default async function LeaderboardPage({ searchParams }: Props) {
  const asked = (await searchParams).by;
  const by: Tab = asked === "rating" || asked === "classic" ? asked : "points";
  const [t, format] = await Promise.all([getTranslations(), getFormatter()]);
  const rating: Rating = (value) => format.number(value, "rating");
  const tab = (value: Tab, label: string) => (
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
      <p className="text-stone-600">
        {by === "classic" ? t("site.leaderboard.classicText") : t("site.leaderboard.text")}
      </p>
      <nav className="flex gap-2 text-sm">
        {tab("points", t("site.leaderboard.byPoints"))}
        {tab("rating", t("site.leaderboard.byRating"))}
        {tab("classic", t("site.leaderboard.classic"))}
      </nav>
      {by === "classic" ? (
        <ClassicBoard t={t} rating={rating} />
      ) : (
        <MachiaveloxBoard by={by} t={t} rating={rating} />
      )}
    </div>
  );
}

/** Machiavelox's ranking (competitive points, §13), or the same players by rating. */
async function MachiaveloxBoard({
  by,
  t,
  rating,
}: {
  by: "points" | "rating";
  t: Translator;
  rating: Rating;
}) {
  const rows = await leaderboard(db(), by);
  if (rows.length === 0) return <p className="text-stone-500">{t("site.leaderboard.empty")}</p>;
  return (
    <Board
      rows={rows}
      columns={[
        [t("site.leaderboard.points"), (row) => row.points],
        [t("site.leaderboard.rating"), (row) => rating(row.rating)],
        [t("site.leaderboard.hands"), (row) => row.hands],
      ]}
      t={t}
    />
  );
}

/** Classic Machiavelli's own rating, from ranked classic rounds. */
async function ClassicBoard({ t, rating }: { t: Translator; rating: Rating }) {
  const rows = await classicLeaderboard(db());
  if (rows.length === 0) {
    return <p className="text-stone-500">{t("site.leaderboard.classicEmpty")}</p>;
  }
  return (
    <Board
      rows={rows}
      columns={[
        [t("site.leaderboard.rating"), (row) => rating(row.rating)],
        [t("site.leaderboard.rounds"), (row) => row.rounds],
      ]}
      t={t}
      testId="classic-leaderboard"
    />
  );
}

/** Places and names, then the figures: each column's heading and its value for a row. */
function Board<Row extends { place: number; name: string }>({
  rows,
  columns,
  t,
  testId,
}: {
  rows: Row[];
  columns: [string, (row: Row) => ReactNode][];
  t: Translator;
  testId?: string;
}) {
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <thead className="text-stone-500">
        <tr>
          <th className="py-1">#</th>
          <th>{t("site.leaderboard.player")}</th>
          {columns.map(([heading]) => (
            <th key={heading} className="text-right">
              {heading}
            </th>
          ))}
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
            {columns.map(([heading, value]) => (
              <td key={heading} className="text-right">
                {value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
