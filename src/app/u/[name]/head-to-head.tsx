import type { Messages } from "@/i18n/messages";
import type { HeadToHead, Side, Totals } from "@/server/friends/head-to-head";
import { when } from "../../games/ui";

type Words = Messages["site"]["friends"];

/** One line per game and kind: never summed across them. */
function TotalsRows({
  t,
  totals,
  names,
}: {
  t: Words;
  totals: Totals[];
  names: Record<Side, string>;
}) {
  return totals.map((sum) => (
    <tr key={`${sum.rules}-${sum.kind}`} className="border-t border-stone-200">
      <td className="py-1 pr-3">
        {t.rules[sum.rules] ?? sum.rules} · {t.kinds[sum.kind]}
      </td>
      <td className="pr-3">{sum.games}</td>
      <td className="pr-3">{t.vs(sum.won.first, sum.won.second)}</td>
      <td className="pr-3">{t.vs(sum.handsWon.first, sum.handsWon.second)}</td>
      <td className="pr-3">
        {t.vs(sum.points.first, sum.points.second)}
        {sum.rules === "classic" && (
          <span className="block text-xs text-stone-500">{t.penaltyPoints}</span>
        )}
      </td>
      <td>{sum.streak ? t.streakOf(names[sum.streak.who], sum.streak.games) : "–"}</td>
    </tr>
  ));
}

function Head({ t, first }: { t: Words; first: string }) {
  return (
    <thead className="text-left text-stone-500">
      <tr>
        <th className="pr-3 font-normal">{first}</th>
        <th className="pr-3 font-normal">{t.gamesTogether}</th>
        <th className="pr-3 font-normal">{t.gamesWon}</th>
        <th className="pr-3 font-normal">{t.handsWon}</th>
        <th className="pr-3 font-normal">{t.points}</th>
        <th className="font-normal">{t.streak}</th>
      </tr>
    </thead>
  );
}

/** You against the profile's player: totals, then the long games you played together. */
export function HeadToHeadSection({ t, data }: { t: Words; data: HeadToHead }) {
  const names = { first: t.you, second: data.second };
  return (
    <section className="space-y-3" data-testid="head-to-head">
      <h2 className="text-xl font-semibold">{t.headToHead(data.second)}</h2>
      {data.totals.length === 0 ? (
        <p className="text-sm text-stone-500">{t.noHeadToHead}</p>
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
          <h3 className="font-semibold">{t.longTogether}</h3>
          <ul className="space-y-1 text-sm">
            {data.longGames.map((game) => (
              <li key={game.matchId}>
                {when(game.date)} · {t.rules[game.rules] ?? game.rules} ·{" "}
                {t.vs(game.points.first, game.points.second)}
                {game.rules === "classic" && ` (${t.penaltyPoints})`}
                {game.inProgress ? ` · ${t.inProgress}` : game.winner && ` · ${game.winner} ★`}
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
  t: Words;
  friends: { name: string; totals: Totals[] }[];
}) {
  if (friends.length === 0) return null;
  return (
    <section className="space-y-3" data-testid="friends-table">
      <h2 className="text-xl font-semibold">{t.friendsTable}</h2>
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
              names={{ first: t.you, second: friend.name }}
            />
          </tbody>
        ))}
      </table>
    </section>
  );
}
