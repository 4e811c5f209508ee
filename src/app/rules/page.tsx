import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { type RulesText, rulesText } from "./rules-text";

export const metadata: Metadata = { title: "Rules" };

export default async function RulesPage() {
  const [locale, t] = await Promise.all([getLocale(), getTranslations()]);
  const games = rulesText(locale);
  return (
    <div className="mx-auto max-w-2xl space-y-16">
      <nav className="flex flex-wrap gap-3 text-sm font-medium">
        {games.map((game) => (
          <a
            key={game.id}
            href={`#${game.id}`}
            className="rounded-md bg-emerald-700 px-3 py-1.5 text-white hover:bg-emerald-800"
          >
            {game.title}
          </a>
        ))}
      </nav>
      {games.map((game) => (
        <GameRules key={game.id} text={game}>
          {/* The tutorial teaches Machiavelox. */}
          {game.id === "machiavelox" && (
            <p>
              <Link href="/tutorial" className="font-medium text-emerald-800 underline">
                {t("tutorial.open")}
              </Link>
              <span className="text-stone-600"> · {t("tutorial.intro")}</span>
            </p>
          )}
        </GameRules>
      ))}
    </div>
  );
}

function GameRules({ text, children }: { text: RulesText; children?: ReactNode }) {
  return (
    <article id={text.id} className="scroll-mt-20 space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
        <p className="text-lg text-stone-600">{text.intro}</p>
        {children}
      </header>
      <nav className="flex flex-wrap gap-2 text-sm">
        {text.sections.map((section) => (
          <a
            key={section.id}
            href={`#${section.id}`}
            className="rounded-full bg-white px-3 py-1 ring-1 ring-stone-200 hover:bg-stone-100"
          >
            {section.title}
          </a>
        ))}
      </nav>
      {text.sections.map((section) => (
        <section key={section.id} id={section.id} className="space-y-2">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          <ul className="list-disc space-y-2 pl-5 text-stone-700">
            {section.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
