import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { localPath } from "@/protocol/local-path";
import { FormCard } from "../form";
import { SignInForm } from "./sign-in-form";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.account.signInTitle") };
}

/** What a visitor sent here to sign in came for, by where they are going back to. */
function cameFor(path: string | null): "watch" | "games" | "agora" | "replay" | "other" | null {
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
  const t = await getTranslations();
  const back = (await searchParams).callbackUrl;
  const path = typeof back === "string" ? localPath(back, "http://local") : null;
  const purpose = cameFor(path);
  const signUp = path ? `/signup?callbackUrl=${encodeURIComponent(path)}` : "/signup";
  return (
    <ClientMessages namespaces={[...ERRORS, "site.account"]}>
      <FormCard
        title={t("site.account.signInTitle")}
        lead={
          purpose && (
            <div
              className="space-y-1 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-950"
              data-testid="came-for"
            >
              <p className="font-medium">{t(`site.account.cameFor.${purpose}`)}</p>
              <p>{t("site.account.freeAccount")}</p>
              <p>
                <Link href="/practice" className="text-emerald-800 underline">
                  {t("site.account.tryGuest")}
                </Link>
              </p>
            </div>
          )
        }
        footer={
          <>
            {t("site.account.newHere")}{" "}
            <Link href={signUp} className="font-medium text-emerald-700 hover:underline">
              {t("site.account.createOne")}
            </Link>
            <br />
            <Link href="/reset" className="font-medium text-emerald-700 hover:underline">
              {t("site.settings.forgot")}
            </Link>
          </>
        }
      >
        {/* The form reads ?callbackUrl= from the address, known only in the browser. */}
        <Suspense>
          <SignInForm />
        </Suspense>
      </FormCard>
    </ClientMessages>
  );
}
