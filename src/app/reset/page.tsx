import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { FormCard } from "../form";
import { NewPasswordForm, RequestResetForm } from "./reset-forms";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.settings.resetMeta") };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** Without a token: ask for a link. With the link's token: choose the new password. */
export default async function ResetPage({ searchParams }: Props) {
  const [{ token }, t] = await Promise.all([searchParams, getTranslations()]);
  const withToken = typeof token === "string";
  return (
    <ClientMessages namespaces={[...ERRORS, "site.account", "site.settings"]}>
      <FormCard
        title={withToken ? t("site.settings.newPasswordTitle") : t("site.settings.resetTitle")}
        footer={
          <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
            {t("site.settings.signIn")}
          </Link>
        }
      >
        {withToken ? (
          <NewPasswordForm token={token} />
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-stone-600">{t("site.settings.resetText")}</p>
            <RequestResetForm />
          </div>
        )}
      </FormCard>
    </ClientMessages>
  );
}
