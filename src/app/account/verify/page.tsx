import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { FormCard } from "../../form";
import { VerifyEmail } from "./verify-email";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.settings.verifyMeta") };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

// A button, not an action on opening: mail scanners open links too.
export default async function VerifyEmailPage({ searchParams }: Props) {
  const [{ token }, t] = await Promise.all([searchParams, getTranslations()]);
  return (
    <ClientMessages namespaces={[...ERRORS, "site.account", "site.settings"]}>
      <FormCard
        title={t("site.settings.verifyTitle")}
        footer={
          <Link href="/account" className="font-medium text-emerald-700 hover:underline">
            {t("site.settings.toAccount")}
          </Link>
        }
      >
        {typeof token === "string" ? (
          <VerifyEmail token={token} />
        ) : (
          <p>{t("site.settings.noToken")}</p>
        )}
      </FormCard>
    </ClientMessages>
  );
}
