import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { findPlayer } from "@/server/accounts/accounts";
import { db } from "@/server/db/client";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).name) };
}

function Section({ title, children }: { title: string; children: string }) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-2 text-sm text-stone-500">{children}</p>
    </section>
  );
}

export default async function ProfilePage({ params }: Props) {
  const player = await findPlayer(db(), decodeURIComponent((await params).name));
  if (!player) notFound();
  const since = player.createdAt.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <div className="space-y-8">
      <header className="flex items-center gap-4">
        <div className="flex size-14 items-center justify-center rounded-full bg-emerald-700 text-2xl font-bold text-white uppercase">
          {player.name[0]}
        </div>
        <div>
          <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
            {player.name}
            {player.role !== "PLAYER" && (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 capitalize">
                {player.role.toLowerCase()}
              </span>
            )}
          </h1>
          <p className="text-stone-600">Member since {since}</p>
        </div>
      </header>
      <div className="grid gap-4 sm:grid-cols-3">
        <Section title="Games">No games yet.</Section>
        <Section title="Totals">No long games played yet.</Section>
        <Section title="Rating">Unrated: no ranked hands yet.</Section>
      </div>
    </div>
  );
}
