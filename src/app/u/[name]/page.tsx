import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { getFormatter, getTranslations } from "next-intl/server";
import { isolate } from "@/protocol/bidi";
import { db } from "@/server/db/client";
import { profile, type Profile } from "@/server/games/profile";
import type { DateFormatter } from "@/i18n/format";
import type { Translator } from "@/i18n/types";
import { viewer } from "@/server/games/viewer";
import { nameKey } from "@/protocol/accounts";
import { puzzleProfile } from "@/server/puzzles/store";
import { when } from "../../games/ui";
import { FriendButton } from "./friend-button";
import { FriendsTable, HeadToHeadSection } from "./head-to-head";
import { friendsTable, headToHead } from "@/server/friends/head-to-head";
import { ReportButton } from "./report-button";
import { ClientMessages, ERRORS } from "@/i18n/provider";

type Props = { params: Promise<{ name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).name) };
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4">
      <div className="text-sm text-stone-500">{label}</div>
      <div data-testid={testId} className="text-2xl font-semibold">
        {value}
      </div>
    </div>
  );
}

export default async function ProfilePage({ params }: Props) {
  const name = decodeURIComponent((await params).name);
  const [user, t, format] = await Promise.all([viewer(), getTranslations(), getFormatter()]);
  const player = await profile(db(), name, user?.id ?? null).catch((error: unknown) => {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const puzzles = await puzzleProfile(db(), { nameKey: nameKey(player.name) });
  const [together, friends] = await Promise.all([
    user && user.name !== player.name ? headToHead(db(), user, player.name) : null,
    user && user.name === player.name ? friendsTable(db(), user) : null,
  ]);
  const since = format.dateTime(player.createdAt, "day");
  return (
    <ClientMessages
      namespaces={[...ERRORS, "levels", "site.account", "site.friends", "site.profile"]}
    >
      <div className="space-y-8">
        <header className="flex flex-wrap items-center gap-4">
          <div className="flex size-14 items-center justify-center rounded-full bg-emerald-700 text-2xl font-bold text-white uppercase">
            {player.name[0]}
          </div>
          <div className="flex-1">
            <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
              {player.name}
              {player.role !== "PLAYER" && (
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 capitalize">
                  {t(`site.roles.${player.role}`)}
                </span>
              )}
            </h1>
            <p className="text-stone-600">{t("site.profile.memberSince", { date: since })}</p>
          </div>
          {user && user.name !== player.name && (
            <>
              <FriendButton name={player.name} />
              <ReportButton name={player.name} />
            </>
          )}
        </header>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
          <Stat
            label={t("site.profile.rankingPoints")}
            testId="ranking-points"
            value={`${player.ranking.points}${player.ranking.position ? ` (#${player.ranking.position})` : ""}`}
          />
          <Stat
            label={t("site.profile.rating")}
            testId="rating"
            value={
              player.ranking.hands > 0
                ? format.number(player.rating.score, "rating")
                : t("site.profile.unrated")
            }
          />
          <Stat
            label={t("site.profile.played")}
            testId="games-played"
            value={String(player.games.played)}
          />
          <Stat label={t("site.profile.won")} testId="games-won" value={String(player.games.won)} />
          {player.classicRating && (
            <Stat
              label={`${t("site.profile.classicRating")} · ${t("site.profile.classicRounds", { n: player.classicRating.rounds })}`}
              testId="classic-rating"
              value={format.number(player.classicRating.score, "rating")}
            />
          )}
          {player.classicGames.played > 0 && (
            <>
              <Stat
                label={t("site.profile.classicPlayed")}
                testId="classic-played"
                value={String(player.classicGames.played)}
              />
              <Stat
                label={t("site.profile.classicWon")}
                testId="classic-won"
                value={String(player.classicGames.won)}
              />
            </>
          )}
        </div>
        {together && <HeadToHeadSection t={t} format={format} data={together} />}
        {friends && <FriendsTable t={t} friends={friends} />}
        <section className="space-y-3">
          <h2 className="text-xl font-semibold">{t("puzzles.history")}</h2>
          <p className="text-sm">
            {t("puzzles.rating")}: <span data-testid="puzzle-rating-profile">{puzzles.rating}</span>{" "}
            · {t("puzzles.bestStreak", { n: puzzles.bestStreak })}
          </p>
          {puzzles.history.length === 0 ? (
            <p className="text-sm text-stone-500">{t("puzzles.none")}</p>
          ) : (
            <ul className="flex flex-wrap gap-2 text-sm">
              {puzzles.history.map((attempt) => (
                <li key={`${attempt.puzzleId}-${attempt.at}`}>
                  <Link
                    href={`/puzzles?id=${attempt.puzzleId}`}
                    className={
                      attempt.solved ? "text-emerald-800 underline" : "text-red-800 underline"
                    }
                  >
                    {attempt.solved ? "✓" : "✗"}
                    {attempt.rated && ` ${attempt.change >= 0 ? "+" : ""}${attempt.change}`}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <LongGames
          title={t("site.profile.longGames")}
          count={(n) => t("site.profile.hands", { n })}
          games={player.longGames}
          t={t}
          format={format}
        />
        {player.classicLongGames.length > 0 && (
          <LongGames
            title={t("site.profile.classicLongGames")}
            note={t("site.profile.penaltyNote")}
            count={(n) => t("site.profile.rounds", { n })}
            games={player.classicLongGames}
            t={t}
            format={format}
            testId="classic-long-games"
          />
        )}
        <section className="space-y-3">
          <h2 className="text-xl font-semibold">{t("site.profile.recentHands")}</h2>
          {player.recentHands.length === 0 ? (
            <p className="text-sm text-stone-500">{t("site.profile.noHands")}</p>
          ) : (
            // One line per hand on a wide screen; on a phone the line wraps between its parts.
            <ul className="divide-y divide-stone-200 text-sm" data-testid="recent-hands">
              {player.recentHands.map((hand) => (
                <li
                  key={`${hand.matchId}-${hand.number}`}
                  className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2"
                >
                  <span className="text-stone-500">{when(format, hand.endedAt)}</span>
                  <span>
                    {hand.rules === "classic" && `${t("site.history.classic")} · `}
                    {t(`site.kinds.${hand.kind}`)}
                    {hand.number > 1 &&
                      ` · ${t(hand.rules === "classic" ? "site.profile.roundNumber" : "site.profile.handNumber", { n: hand.number })}`}
                  </span>
                  <span className="flex flex-1 flex-wrap gap-x-3">
                    {hand.seats.map((seat) => (
                      <span
                        key={seat.name}
                        className={`whitespace-nowrap ${seat.you ? "font-semibold" : ""}`}
                      >
                        {seat.name} {seat.score > 0 ? `+${seat.score}` : seat.score}
                        {seat.winner && " ★"}
                      </span>
                    ))}
                  </span>
                  <Link href={`/replay/${hand.matchId}`} className="text-emerald-800 underline">
                    {t("site.profile.replay")}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </ClientMessages>
  );
}

/** Long games with their standings: Machiavelox's by points, classic's by penalty points. */
function LongGames({
  title,
  note,
  count,
  games,
  t,
  format,
  testId,
}: {
  title: string;
  note?: string;
  /** Hands (Machiavelox) or rounds (classic), counted. */
  count: (n: number) => string;
  games: Profile["longGames"];
  t: Translator;
  format: DateFormatter;
  testId?: string;
}) {
  return (
    <section className="space-y-3" data-testid={testId}>
      <h2 className="text-xl font-semibold">{title}</h2>
      {note && <p className="text-sm text-stone-500">{note}</p>}
      {games.length === 0 ? (
        <p className="text-sm text-stone-500">{t("site.profile.noLongGames")}</p>
      ) : (
        <ul className="space-y-2">
          {games.map((game) => (
            <li
              key={game.matchId}
              className="rounded-lg border border-stone-200 bg-white p-3 text-sm"
            >
              <div className="text-stone-500">
                {when(format, game.endedAt)} · {count(game.hands)}
                {game.endedReason &&
                  ` · ${t("site.profile.endedByModerator", { reason: isolate(game.endedReason) })}`}
              </div>
              <ol className="mt-1 flex flex-wrap gap-x-4">
                {game.standings.map((seat, place) => (
                  <li key={seat.name} className={seat.you ? "font-semibold" : undefined}>
                    {place + 1}. {seat.name} {seat.points}
                    {seat.won && " ★"}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
