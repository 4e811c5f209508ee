import { wordFor } from "@/i18n/errors";
import type { DateFormatter } from "@/i18n/format";
import type { Translator } from "@/i18n/types";
import type { HeadToHead, Side, Totals } from "@/server/friends/head-to-head";
import { when } from "../../games/ui";

/** One line per game and kind: never summed across them. */
function TotalsRows({
  t,
  totals,
  names,
}: {
  t: Translator;
  totals: Totals[];
  names: Record<Side, string>;
}) {
  return totals.map((sum) => (
    <tr key={`${sum.rules}-${sum.kind}`} className="border-t border-stone-200">
      <td className="py-1 pr-3">
        {wordFor(t, "site.friends.rules", sum.rules) ?? sum.rules} ·{" "}
        {t(`site.friends.kinds.${sum.kind}`)}
      </td>
      <td className="pr-3">{sum.games}</td>
      <td className="pr-3">{t("site.friends.vs", { a: sum.won.first, b: sum.won.second })}</td>
      <td className="pr-3">
        {t("site.friends.vs", { a: sum.handsWon.first, b: sum.handsWon.second })}
      </td>
      <td className="pr-3">
        {t("site.friends.vs", { a: sum.points.first, b: sum.points.second })}
      </td>
      <td>
        {sum.streak
          ? t("site.friends.streakOf", { name: names[sum.streak.who], games: sum.streak.games })
          : "–"}
      </td>
    </tr>
  ));
}

function Head({ t, first }: { t: Translator; first: string }) {
  return (
    <thead className="text-left text-stone-500">
      <tr>
        <th className="pr-3 font-normal">{first}</th>
        <th className="pr-3 font-normal">{t("site.friends.gamesTogether")}</th>
        <th className="pr-3 font-normal">{t("site.friends.gamesWon")}</th>
        <th className="pr-3 font-normal">{t("site.friends.handsWon")}</th>
        <th className="pr-3 font-normal">{t("site.friends.points")}</th>
        <th className="font-normal">{t("site.friends.streak")}</th>
      </tr>
    </thead>
  );
}

/** You against the profile's player: totals, then the long games you played together. */
export function HeadToHeadSection({
  t,
  format,
  data,
}: {
  t: Translator;
  format: DateFormatter;
  data: HeadToHead;
}) {
  const names = { first: t("site.friends.you"), second: data.second };
  return (
    <section className="space-y-3" data-testid="head-to-head">
      <h2 className="text-xl font-semibold">
        {t("site.friends.headToHead", { name: data.second })}
      </h2>
      {data.totals.length === 0 ? (
        <p className="text-sm text-stone-500">{t("site.friends.noHeadToHead")}</p>
      ) : (
        <table className="w-full text-sm">
          <Head t={t} first="" />
          <tbody>
            <TotalsRows t={t} totals={data.totals} names={names} />
          </tbody>
        </table>
      )}
      {data.longGames.length > 0 && (
        <>
          <h3 className="font-semibold">{t("site.friends.longTogether")}</h3>
          <ul className="space-y-1 text-sm">
            {data.longGames.map((game) => (
              <li key={game.matchId}>
                {when(format, game.date)} ·{" "}
                {wordFor(t, "site.friends.rules", game.rules) ?? game.rules} ·{" "}
                {t("site.friends.vs", { a: game.points.first, b: game.points.second })}
                {game.inProgress
                  ? ` · ${t("site.friends.inProgress")}`
                  : game.winner && ` · ${game.winner} ★`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Your own profile: each friend with your totals against them. */
export function FriendsTable({
  t,
  friends,
}: {
  t: Translator;
  friends: { name: string; totals: Totals[] }[];
}) {
  if (friends.length === 0) return null;
  return (
    <section className="space-y-3" data-testid="friends-table">
      <h2 className="text-xl font-semibold">{t("site.friends.friendsTable")}</h2>
      <table className="w-full text-sm">
        <Head t={t} first="" />
        {friends.map((friend) => (
          <tbody key={friend.name}>
            <tr>
              <th colSpan={6} className="pt-2 text-left font-semibold">
                {friend.name}
              </th>
            </tr>
            <TotalsRows
              t={t}
              totals={friend.totals}
              names={{ first: t("site.friends.you"), second: friend.name }}
            />
          </tbody>
        ))}
      </table>
    </section>
  );
}
