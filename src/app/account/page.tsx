import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getMessages } from "@/i18n/server";
import { emailStatus } from "@/server/accounts/recovery";
import { db } from "@/server/db/client";
import { signedIn } from "@/server/games/viewer";
import { ChangePasswordForm, DeleteAccountForm, EmailForm } from "./account-forms";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.settings.meta };
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
  const [user, messages] = await Promise.all([signedIn("/account"), getMessages()]);
  const t = messages.site.settings;
  const status = await emailStatus(db(), user.id);
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t.title}</h1>
        <p className="text-stone-600">{t.signedInAs(user.name)}</p>
      </div>
      <Section title={t.emailTitle} text={t.emailText}>
        <p data-testid="email-status" className="text-sm font-medium">
          {status.email ? t.verified(status.email) : t.noEmail}
        </p>
        {status.pending && <p className="text-sm text-stone-600">{t.pending(status.pending)}</p>}
        <EmailForm />
      </Section>
      <Section title={t.passwordTitle}>
        <ChangePasswordForm />
      </Section>
      <Section title={t.deleteTitle} text={t.deleteText}>
        <DeleteAccountForm />
      </Section>
    </div>
  );
}
