import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { I18nProvider, LocaleSwitch } from "@/i18n/client";
import { getLocale, getMessages } from "@/i18n/server";
import { dictionary } from "@/i18n/messages";
import { hasRole } from "@/server/accounts/roles";
import { viewer } from "@/server/games/viewer";
import { Invitations } from "./invitations";
import { Providers } from "./providers";
import { SignOutButton } from "./sign-out-button";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: { default: "Machiavelox", template: "%s · Machiavelox" },
    description: (await getMessages()).site.description,
    icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
  };
}

const link = "font-medium hover:text-emerald-700";

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Read from the database on every request, so a granted or withdrawn role shows at once.
  const [user, locale] = await Promise.all([viewer(), getLocale()]);
  const t = dictionary(locale);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <Providers>
          <I18nProvider locale={locale}>
            <header className="border-b border-stone-200 bg-white">
              <nav className="mx-auto max-w-4xl space-y-2 px-4 py-3 sm:px-6">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                  <Link href="/" className="text-lg font-bold tracking-tight text-emerald-800">
                    Machiavelox
                  </Link>
                  <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm">
                    <LocaleSwitch />
                    {user ? (
                      <>
                        <Invitations />
                        <Link
                          href={`/u/${encodeURIComponent(user.name)}`}
                          className={`${link} max-w-32 truncate`}
                        >
                          {user.name}
                        </Link>
                        <Link href="/account" className={link}>
                          {t.site.settings.navLink}
                        </Link>
                        <SignOutButton />
                      </>
                    ) : (
                      <>
                        <Link href="/signin" className={link}>
                          {t.nav.signIn}
                        </Link>
                        <Link
                          href="/signup"
                          className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium whitespace-nowrap text-white hover:bg-emerald-800"
                        >
                          {t.nav.signUp}
                        </Link>
                      </>
                    )}
                  </div>
                </div>
                <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm whitespace-nowrap">
                  <Link href="/practice" className={link}>
                    {t.nav.practice}
                  </Link>
                  <Link href="/games/new" className={link}>
                    {t.nav.friendly}
                  </Link>
                  <Link href="/agora" className={link}>
                    {t.nav.agora}
                  </Link>
                  <Link href="/leaderboard" className={link}>
                    {t.nav.leaderboard}
                  </Link>
                  <Link href="/puzzles" className={link}>
                    {t.puzzles.title}
                  </Link>
                  <Link href="/rules" className={link}>
                    {t.nav.rules}
                  </Link>
                  {user && (
                    <Link href="/history" className={link}>
                      {t.nav.history}
                    </Link>
                  )}
                  {user && (
                    <Link href="/friends" className={link}>
                      {t.site.friends.nav}
                    </Link>
                  )}
                  {user && hasRole(user.role, "MODERATOR") && (
                    <Link href="/admin" className={link}>
                      {t.nav.moderation}
                    </Link>
                  )}
                </div>
              </nav>
            </header>
            <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">{children}</main>
          </I18nProvider>
        </Providers>
      </body>
    </html>
  );
}
