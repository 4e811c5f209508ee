import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { emailStatus } from "@/server/accounts/recovery";
import { db } from "@/server/db/client";
import { signedIn } from "@/server/games/viewer";
import { ChangePasswordForm, DeleteAccountForm, EmailForm } from "./account-forms";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.settings.meta") };
}

function Section(props: { title: string; text?: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold">{props.title}</h2>
      {props.text && <p className="text-sm text-stone-600">{props.text}</p>}
      {props.children}
    </section>
  );
}

export default async function AccountPage() {
  const [user, t] = await Promise.all([signedIn("/account"), getTranslations()]);
  const status = await emailStatus(db(), user.id);
  return (
    <ClientMessages namespaces={[...ERRORS, "site.account", "site.settings"]}>
      <div className="mx-auto max-w-lg space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">{t("site.settings.title")}</h1>
          <p className="text-stone-600">{t("site.settings.signedInAs", { name: user.name })}</p>
        </div>
        <Section title={t("site.settings.emailTitle")} text={t("site.settings.emailText")}>
          <p data-testid="email-status" className="text-sm font-medium">
            {status.email
              ? t("site.settings.verified", { email: status.email })
              : t("site.settings.noEmail")}
          </p>
          {status.pending && (
            <p className="text-sm text-stone-600">
              {t("site.settings.pending", { email: status.pending })}
            </p>
          )}
          <EmailForm />
        </Section>
        <Section title={t("site.settings.passwordTitle")}>
          <ChangePasswordForm />
        </Section>
        <Section title={t("site.settings.deleteTitle")} text={t("site.settings.deleteText")}>
          <DeleteAccountForm />
        </Section>
      </div>
    </ClientMessages>
  );
}
