import Link from "next/link";
import { getServerSession } from "next-auth";
import { authOptions } from "@/server/auth/options";

const FEATURES = [
  {
    title: "Everyone plays at once",
    text: "No turns. Three players draw, lay down and rearrange melds on the same table at the same time.",
  },
  {
    title: "The table belongs to all",
    text: "Break up any run or set on the table and rebuild it with your cards, as long as every meld is valid when you are done.",
  },
  {
    title: "Fair clashes",
    text: "When two moves collide, the rules decide: judgement, cards on trial, holds and the chain undo keep the game honest.",
  },
];

export default async function Home() {
  const session = await getServerSession(authOptions);
  return (
    <div className="space-y-12">
      <section className="space-y-5">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          Machiavelli, <span className="text-emerald-700">without waiting your turn</span>.
        </h1>
        <p className="max-w-2xl text-lg text-stone-600">
          Machiavelox is a real-time card game for three: the Italian rummy where every meld on the
          table is yours to rearrange, played by everyone at once. Empty your hand first to win the
          hand; play long games to 150 points with friends, or ranked hands against anyone.
        </p>
        <div className="flex flex-wrap gap-3">
          {session ? (
            <Link
              href={`/u/${session.user.name}`}
              className="rounded-md bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800"
            >
              Your profile
            </Link>
          ) : (
            <>
              <Link
                href="/signup"
                className="rounded-md bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800"
              >
                Create an account
              </Link>
              <Link
                href="/signin"
                className="rounded-md border border-stone-300 bg-white px-5 py-2.5 font-medium hover:bg-stone-100"
              >
                Sign in
              </Link>
            </>
          )}
          <Link
            href="/practice"
            className="rounded-md border border-emerald-700 bg-white px-5 py-2.5 font-medium text-emerald-800 hover:bg-emerald-50"
          >
            Practice against bots
          </Link>
        </div>
      </section>
      <section className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map((feature) => (
          <div key={feature.title} className="rounded-lg border border-stone-200 bg-white p-5">
            <h2 className="font-semibold">{feature.title}</h2>
            <p className="mt-2 text-sm text-stone-600">{feature.text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
