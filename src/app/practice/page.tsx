import type { Metadata } from "next";
import Link from "next/link";
import { VARIANTS } from "@/engine/classic";
import { getTranslations } from "next-intl/server";
import { viewer } from "@/server/games/viewer";
import { StartClassicPractice, StartPractice } from "./start-practice";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export const metadata: Metadata = { title: "Practice" };

export default async function PracticePage() {
  const [session, t] = await Promise.all([viewer(), getTranslations()]);
  return (
    <ClientMessages namespaces={[...ERRORS, "levels", "practice"]}>
      <section className="mx-auto max-w-xl space-y-5">
        <h1 className="text-3xl font-bold tracking-tight">{t("practice.title")}</h1>
        <p className="text-stone-600">{t("practice.text")}</p>
        {session ? (
          <>
            <StartPractice />
            <StartClassicPractice variantChoices={VARIANTS} />
          </>
        ) : (
          <>
            <Link
              href="/signin?callbackUrl=%2Fpractice"
              className="inline-block rounded-md bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800"
            >
              {t("practice.signIn")}
            </Link>
            <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
              <h2 className="font-semibold">{t("practice.guestTitle")}</h2>
              <p className="text-sm text-stone-600">{t("practice.guestText")}</p>
              <div className="flex flex-wrap gap-2">
                {(["easy", "medium"] as const).map((level) => (
                  <Link
                    key={level}
                    href={`/practice/guest?level=${level}`}
                    data-testid={`guest-${level}`}
                    className="rounded-md bg-white px-4 py-2 font-medium text-emerald-900 ring-1 ring-stone-300 hover:bg-stone-100"
                  >
                    {t(`levels.names.${level}`)}
                  </Link>
                ))}
              </div>
            </div>
          </>
        )}
        <p className="text-sm">
          <Link href="/tutorial" className="text-emerald-800 underline">
            {t("tutorial.open")}
          </Link>
          {" · "}
          <Link href="/rules" className="text-emerald-800 underline">
            {t("rulesLink")}
          </Link>
        </p>
      </section>
    </ClientMessages>
  );
}
