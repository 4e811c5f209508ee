import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getServerSession } from "next-auth";
import { I18nProvider, LocaleSwitch } from "@/i18n/client";
import { getLocale } from "@/i18n/server";
import { dictionary } from "@/i18n/messages";
import { authOptions } from "@/server/auth/options";
import { Providers } from "./providers";
import { SignOutButton } from "./sign-out-button";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Machiavelox", template: "%s · Machiavelox" },
  description: "Three-player Machiavelli where everyone plays at once.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await getServerSession(authOptions);
  const locale = await getLocale();
  const t = dictionary(locale);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <Providers>
          <I18nProvider locale={locale}>
            <header className="border-b border-stone-200 bg-white">
              <nav className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6 sm:py-4">
                <Link href="/" className="text-lg font-bold tracking-tight text-emerald-800">
                  Machiavelox
                </Link>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                  <Link href="/practice" className="font-medium hover:text-emerald-700">
                    {t.nav.practice}
                  </Link>
                  <Link href="/rules" className="font-medium hover:text-emerald-700">
                    {t.nav.rules}
                  </Link>
                  <Link href="/games/new" className="font-medium hover:text-emerald-700">
                    Friendly game
                  </Link>
                  <Link href="/agora" className="font-medium hover:text-emerald-700">
                    Agora
                  </Link>
                  <Link href="/leaderboard" className="font-medium hover:text-emerald-700">
                    Leaderboard
                  </Link>
                  <LocaleSwitch />
                  {session ? (
                    <>
                      <Link
                        href={`/u/${session.user.name}`}
                        className="font-medium hover:text-emerald-700"
                      >
                        {session.user.name}
                      </Link>
                      <Link href="/history" className="font-medium hover:text-emerald-700">
                        History
                      </Link>
                      <SignOutButton />
                    </>
                  ) : (
                    <>
                      <Link href="/signin" className="font-medium hover:text-emerald-700">
                        Sign in
                      </Link>
                      <Link
                        href="/signup"
                        className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white hover:bg-emerald-800"
                      >
                        Sign up
                      </Link>
                    </>
                  )}
                </div>
              </nav>
            </header>
            <main className="mx-auto max-w-4xl px-6 py-10">{children}</main>
          </I18nProvider>
        </Providers>
      </body>
    </html>
  );
}
