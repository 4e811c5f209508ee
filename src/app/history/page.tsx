import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { db } from "@/server/db/client";
import { signedIn } from "@/server/games/viewer";
import { botName, when } from "../games/ui";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.history.meta") };
}

export default async function HistoryPage() {
  const [user, t, format] = await Promise.all([
    signedIn("/history"),
    getTranslations(),
    getFormatter(),
  ]);
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
        select: {
          seat: true,
          bot: true,
          points: true,
          won: true,
          user: { select: { name: true } },
        },
      },
    },
  });
  return (
    <ClientMessages namespaces={[...ERRORS, "site.account"]}>
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight">{t("site.history.title")}</h1>
        {matches.length === 0 ? (
          <p className="text-stone-500">{t("site.history.empty")}</p>
        ) : (
          <ul className="space-y-2">
            {matches.map((match) => (
              <li
                key={match.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-white p-3 text-sm"
              >
                <span className="text-stone-500">{when(format, match.endedAt)}</span>
                <span className="font-medium">{t(`site.kinds.${match.kind}`)}</span>
                <span>
                  {match.seats
                    .map(
                      (seat) =>
                        `${seat.user?.name ?? botName(t, seat.seat, seat.bot)} ${seat.points ?? "–"}${seat.won ? " ★" : ""}`,
                    )
                    .join(" · ")}
                </span>
                {match.endedReason && (
                  <span className="text-stone-500">{t("site.history.endedByModerator")}</span>
                )}
                <Link href={`/replay/${match.id}`} className="text-emerald-800 underline">
                  {t("site.history.replay")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ClientMessages>
  );
}
