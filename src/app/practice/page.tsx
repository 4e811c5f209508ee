import type { Metadata } from "next";
import Link from "next/link";
import { getMessages } from "@/i18n/server";
import { viewer } from "@/server/games/viewer";
import { StartClassicPractice, StartPractice } from "./start-practice";

export const metadata: Metadata = { title: "Practice" };

export default async function PracticePage() {
  const [session, t] = await Promise.all([viewer(), getMessages()]);
  return (
    <section className="mx-auto max-w-xl space-y-5">
      <h1 className="text-3xl font-bold tracking-tight">{t.practice.title}</h1>
      <p className="text-stone-600">{t.practice.text}</p>
      {session ? (
        <>
          <StartPractice />
          <StartClassicPractice />
        </>
      ) : (
        <Link
          href="/signin?callbackUrl=%2Fpractice"
          className="inline-block rounded-md bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800"
        >
          {t.practice.signIn}
        </Link>
      )}
      <p className="text-sm">
        <Link href="/rules" className="text-emerald-800 underline">
          {t.rulesLink}
        </Link>
      </p>
    </section>
  );
}
