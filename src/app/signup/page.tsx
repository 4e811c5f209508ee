import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { localPath } from "@/protocol/local-path";
import { FormCard } from "../form";
import { SignUpForm } from "./sign-up-form";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.account.signUpMeta") };
}

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[] }>;
}) {
  const t = await getTranslations();
  // Whoever already has an account goes on to where they were headed, as the sign-up would.
  const back = (await searchParams).callbackUrl;
  const path = typeof back === "string" ? localPath(back, "http://local") : null;
  const signIn = path ? `/signin?callbackUrl=${encodeURIComponent(path)}` : "/signin";
  return (
    <ClientMessages namespaces={[...ERRORS, "site.account"]}>
      <FormCard
        title={t("site.account.signUpTitle")}
        footer={
          <>
            {t("site.account.haveOne")}{" "}
            <Link href={signIn} className="font-medium text-emerald-700 hover:underline">
              {t("site.account.signIn")}
            </Link>
          </>
        }
      >
        {/* The form reads ?callbackUrl= from the address, known only in the browser. */}
        <Suspense>
          <SignUpForm />
        </Suspense>
      </FormCard>
    </ClientMessages>
  );
}
