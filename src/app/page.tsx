import Link from "next/link";
import { CardFace } from "@/components/table/card";
import { cards } from "@/engine";
import { wordFor } from "@/i18n/errors";
import { getTranslations } from "next-intl/server";
import type { Translator } from "@/i18n/types";
import type { SessionUser } from "@/server/auth/session";
import { viewer } from "@/server/games/viewer";
import { liveMatches } from "@/server/matches/registry";

// Flex-centred, so two buttons side by side on a phone line up when one label wraps.
const primary =
  "flex items-center justify-center rounded-md bg-emerald-700 px-5 py-2.5 text-center font-medium text-white shadow-sm hover:bg-emerald-800";
const secondary =
  "flex items-center justify-center rounded-md border border-stone-300 bg-white px-5 py-2.5 text-center font-medium hover:bg-stone-100";

// The hero's picture: a corner of a table with the rules' own run through the Ace and a set,
// drawn with the table's own cards.
const PICTURE = [cards("QS KS AS 2S 3S"), cards("7H 7S 7D")];

function TablePicture() {
  return (
    <div
      aria-hidden
      className="mx-auto w-fit -rotate-2 space-y-3 rounded-2xl bg-emerald-800 p-5 shadow-lg ring-4 ring-emerald-900/20 select-none"
    >
      {PICTURE.map((meld) => (
        <div key={meld.join()} className="flex gap-1">
          {meld.map((card) => (
            <CardFace key={card} card={card} look={{ fourColour: false }} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** The hero's buttons, practice first. */
const ACTIONS = [
  ["practice", "/practice"],
  ["friendly", "/games/new"],
  ["ranked", "/agora"],
  ["rules", "/rules"],
] as const;

const FEATURES = ["together", "shared", "fair"] as const;
const FEEL = ["draw", "lay", "race", "out"] as const;

const MODES = [
  ["practice", "/practice"],
  ["friendly", "/games/new"],
  ["agora", "/agora"],
] as const;

/** The player's matches still waiting or being played, first thing on the page; none, nothing. */
async function YourTables({ user, t }: { user: SessionUser; t: Translator }) {
  const mine = await liveMatches().mine(user);
  if (mine.length === 0) return null;
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold">{t("site.home.mineTitle")}</h2>
      <ul className="space-y-2">
        {mine.map((match) => {
          // A friendly game still gathering its players waits in its lobby.
          const inLobby = match.status === "WAITING" && match.kind.startsWith("FRIENDLY");
          return (
            <li
              key={match.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-white p-3 text-sm"
            >
              <div className="min-w-0">
                <p>
                  <span className="font-medium">
                    {wordFor(t, "site.kinds", match.kind) ?? match.kind}
                  </span>
                  <span className="text-stone-500">
                    {" · "}
                    {match.status === "WAITING" ? t("site.home.waiting") : t("site.home.playing")}
                  </span>
                </p>
                <p className="break-words text-stone-600">
                  {match.seats.map((seat) => seat?.name ?? "…").join(" · ")}
                </p>
              </div>
              <Link
                href={inLobby ? `/games/${match.id}` : `/play/${match.id}`}
                className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white hover:bg-emerald-800"
              >
                {inLobby ? t("site.home.lobby") : t("site.home.resume")}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default async function Home() {
  const [user, t] = await Promise.all([viewer(), getTranslations()]);
  return (
    <div className="space-y-14">
      {user && <YourTables user={user} t={t} />}
      <section className="grid items-center gap-8 md:grid-cols-[1fr_auto]">
        <div className="space-y-5">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t("site.home.titleStart")}{" "}
            <span className="text-emerald-700">{t("site.home.titleAccent")}</span>.
          </h1>
          <p className="max-w-2xl text-lg text-stone-600">{t("site.home.intro")}</p>
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
            {ACTIONS.map(([action, href], index) => (
              <Link key={href} href={href} className={index === 0 ? primary : secondary}>
                {t(`site.home.${action}`)}
              </Link>
            ))}
            <Link href="/tutorial" className={secondary}>
              {t("tutorial.open")}
            </Link>
          </div>
          {!user && (
            <p className="text-sm text-stone-600">
              {t("site.home.signInNote")}{" "}
              <Link href="/signup" className="font-medium text-emerald-800 underline">
                {t("site.home.signUp")}
              </Link>
              {" · "}
              <Link href="/signin" className="font-medium text-emerald-800 underline">
                {t("site.home.signIn")}
              </Link>
            </p>
          )}
        </div>
        <TablePicture />
      </section>

      <section className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-amber-300 bg-amber-50 p-5">
        <div>
          <h2 className="text-xl font-bold tracking-tight">{t("puzzles.daily")}</h2>
          <p className="mt-1 text-sm text-stone-600">{t("puzzles.dailyText")}</p>
        </div>
        <Link href="/puzzles?daily=1" className={primary} data-testid="daily-puzzle">
          {t("puzzles.playDaily")}
        </Link>
      </section>

      <section className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map((feature) => (
          <div key={feature} className="rounded-lg border border-stone-200 bg-white p-5">
            <h2 className="font-semibold">{t(`site.home.features.${feature}.title`)}</h2>
            <p className="mt-2 text-sm text-stone-600">{t(`site.home.features.${feature}.text`)}</p>
          </div>
        ))}
      </section>

      <section className="space-y-4">
        <h2 className="text-2xl font-bold tracking-tight">{t("site.home.feelTitle")}</h2>
        <ol className="grid gap-4 sm:grid-cols-2">
          {FEEL.map((step, index) => (
            <li key={step} className="flex gap-4">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-700 font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{t(`site.home.feel.${step}.title`)}</h3>
                <p className="mt-1 text-sm text-stone-600">{t(`site.home.feel.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="space-y-4">
        <h2 className="text-2xl font-bold tracking-tight">{t("site.home.modesTitle")}</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {MODES.map(([mode, href]) => (
            <Link
              key={href}
              href={href}
              className="rounded-lg border border-stone-200 bg-white p-5 hover:border-emerald-600 hover:shadow-sm"
            >
              <h3 className="font-semibold text-emerald-800">
                {t(`site.home.modes.${mode}.title`)} →
              </h3>
              <p className="mt-2 text-sm text-stone-600">{t(`site.home.modes.${mode}.text`)}</p>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
