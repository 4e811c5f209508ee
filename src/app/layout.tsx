import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { LocaleSwitch } from "@/i18n/client";
import { ClientMessages, ERRORS } from "@/i18n/provider";
import { hasRole } from "@/server/accounts/roles";
import { viewer } from "@/server/games/viewer";
import { Invitations } from "./invitations";
import { Providers } from "./providers";
import { SignOutButton } from "./sign-out-button";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  return {
    title: { default: "Machiavelox", template: "%s · Machiavelox" },
    description: (await getTranslations())("site.description"),
    icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
  };
}

const link = "font-medium hover:text-emerald-700";

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Read from the database on every request, so a granted or withdrawn role shows at once.
  const [user, locale, t] = await Promise.all([viewer(), getLocale(), getTranslations()]);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <Providers>
          {/* Pages give their own client parts their words (<ClientMessages> in each page). */}
          <ClientMessages
            namespaces={[
              ...ERRORS,
              "language",
              "languageNames",
              "nav",
              "levels",
              "site.account",
              "site.friends",
            ]}
          >
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
                          {t("site.settings.navLink")}
                        </Link>
                        <SignOutButton />
                      </>
                    ) : (
                      <>
                        <Link href="/signin" className={link}>
                          {t("nav.signIn")}
                        </Link>
                        <Link
                          href="/signup"
                          className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium whitespace-nowrap text-white hover:bg-emerald-800"
                        >
                          {t("nav.signUp")}
                        </Link>
                      </>
                    )}
                  </div>
                </div>
                <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm whitespace-nowrap">
                  <Link href="/practice" className={link}>
                    {t("nav.practice")}
                  </Link>
                  <Link href="/games/new" className={link}>
                    {t("nav.friendly")}
                  </Link>
                  <Link href="/agora" className={link}>
                    {t("nav.agora")}
                  </Link>
                  <Link href="/leaderboard" className={link}>
                    {t("nav.leaderboard")}
                  </Link>
                  <Link href="/puzzles" className={link}>
                    {t("puzzles.title")}
                  </Link>
                  <Link href="/rules" className={link}>
                    {t("nav.rules")}
                  </Link>
                  {user && (
                    <Link href="/history" className={link}>
                      {t("nav.history")}
                    </Link>
                  )}
                  {user && (
                    <Link href="/friends" className={link}>
                      {t("site.friends.nav")}
                    </Link>
                  )}
                  {user && hasRole(user.role, "MODERATOR") && (
                    <Link href="/admin" className={link}>
                      {t("nav.moderation")}
                    </Link>
                  )}
                </div>
              </nav>
            </header>
            <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">{children}</main>
          </ClientMessages>
        </Providers>
      </body>
    </html>
  );
}
