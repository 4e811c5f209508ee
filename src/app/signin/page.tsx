import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import type { Messages } from "@/i18n/messages";
import { getMessages } from "@/i18n/server";
import { localPath } from "@/protocol/local-path";
import { FormCard } from "../form";
import { SignInForm } from "./sign-in-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.account.signInTitle };
}

/** What a visitor sent here to sign in came for, by where they are going back to. */
function cameFor(path: string | null): keyof Messages["site"]["account"]["cameFor"] | null {
  if (!path || path === "/") return null;
  if (path.startsWith("/play/")) return "watch";
  if (path.startsWith("/games")) return "games";
  if (path.startsWith("/agora")) return "agora";
  if (path.startsWith("/replay/")) return "replay";
  return "other";
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  const site = (await getMessages()).site;
  const [t, forgot] = [site.account, site.settings.forgot];
  const back = (await searchParams).callbackUrl;
  const path = typeof back === "string" ? localPath(back, "http://local") : null;
  const purpose = cameFor(path);
  const signUp = path ? `/signup?callbackUrl=${encodeURIComponent(path)}` : "/signup";
  return (
    <FormCard
      title={t.signInTitle}
      lead={
        purpose && (
          <div
            className="space-y-1 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-950"
            data-testid="came-for"
          >
            <p className="font-medium">{t.cameFor[purpose]}</p>
            <p>{t.freeAccount}</p>
            <p>
              <Link href="/practice" className="text-emerald-800 underline">
                {t.tryGuest}
              </Link>
            </p>
          </div>
        )
      }
      footer={
        <>
          {t.newHere}{" "}
          <Link href={signUp} className="font-medium text-emerald-700 hover:underline">
            {t.createOne}
          </Link>
          <br />
          <Link href="/reset" className="font-medium text-emerald-700 hover:underline">
            {forgot}
          </Link>
        </>
      }
    >
      {/* The form reads ?callbackUrl= from the address, known only in the browser. */}
      <Suspense>
        <SignInForm />
      </Suspense>
    </FormCard>
  );
}
