import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getServerSession } from "next-auth";
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
  return (
    <html lang="en">
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <Providers>
          <header className="border-b border-stone-200 bg-white">
            <nav className="mx-auto flex max-w-4xl items-center justify-between px-6 py-4">
              <Link href="/" className="text-lg font-bold tracking-tight text-emerald-800">
                Machiavelox
              </Link>
              <div className="flex items-center gap-4 text-sm">
                {session ? (
                  <>
                    <Link
                      href={`/u/${session.user.name}`}
                      className="font-medium hover:text-emerald-700"
                    >
                      {session.user.name}
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
        </Providers>
      </body>
    </html>
  );
}
