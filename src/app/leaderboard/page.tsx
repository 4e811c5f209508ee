import type { Metadata } from "next";
import Link from "next/link";
import { getMessages } from "@/i18n/server";
import { db } from "@/server/db/client";
import { classicLeaderboard } from "@/server/agora/classic-leaderboard";
import { leaderboard } from "@/server/games/profile";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.leaderboard.title };
}

type Props = { searchParams: Promise<{ by?: string }> };

type Tab = "points" | "rating" | "classic";

type Messages = Awaited<ReturnType<typeof getMessages>>["site"]["leaderboard"];

export default async function LeaderboardPage({ searchParams }: Props) {
  const asked = (await searchParams).by;
  const by: Tab = asked === "rating" || asked === "classic" ? asked : "points";
  const t = (await getMessages()).site.leaderboard;
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
      <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
      <p className="text-stone-600">{by === "classic" ? t.classicText : t.text}</p>
      <nav className="flex gap-2 text-sm">
        {tab("points", t.byPoints)}
        {tab("rating", t.byRating)}
        {tab("classic", t.classic)}
      </nav>
      {by === "classic" ? <ClassicBoard t={t} /> : <MachiaveloxBoard by={by} t={t} />}
    </div>
  );
}

/** Machiavelox's ranking (competitive points, §13), or the same players by rating. */
async function MachiaveloxBoard({ by, t }: { by: "points" | "rating"; t: Messages }) {
  const rows = await leaderboard(db(), by);
  if (rows.length === 0) return <p className="text-stone-500">{t.empty}</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-stone-500">
        <tr>
          <th className="py-1">#</th>
          <th>{t.player}</th>
          <th className="text-right">{t.points}</th>
          <th className="text-right">{t.rating}</th>
          <th className="text-right">{t.hands}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-t border-stone-200">
            <td className="py-1">{row.place}</td>
            <td>
              <PlayerLink name={row.name} />
            </td>
            <td className="text-right">{row.points}</td>
            <td className="text-right">{row.rating.toFixed(1)}</td>
            <td className="text-right">{row.hands}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Classic Machiavelli's own rating, from ranked classic rounds. */
async function ClassicBoard({ t }: { t: Messages }) {
  const rows = await classicLeaderboard(db());
  if (rows.length === 0) return <p className="text-stone-500">{t.classicEmpty}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="classic-leaderboard">
      <thead className="text-stone-500">
        <tr>
          <th className="py-1">#</th>
          <th>{t.player}</th>
          <th className="text-right">{t.rating}</th>
          <th className="text-right">{t.rounds}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className="border-t border-stone-200">
            <td className="py-1">{row.place}</td>
            <td>
              <PlayerLink name={row.name} />
            </td>
            <td className="text-right">{row.rating.toFixed(1)}</td>
            <td className="text-right">{row.rounds}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PlayerLink({ name }: { name: string }) {
  return (
    <Link href={`/u/${encodeURIComponent(name)}`} className="hover:underline">
      {name}
    </Link>
  );
}
