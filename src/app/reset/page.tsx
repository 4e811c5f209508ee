import type { Metadata } from "next";
import Link from "next/link";
import { getMessages } from "@/i18n/server";
import { FormCard } from "../form";
import { NewPasswordForm, RequestResetForm } from "./reset-forms";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.settings.resetMeta };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** Without a token: ask for a link. With the link's token: choose the new password. */
export default async function ResetPage({ searchParams }: Props) {
  const [{ token }, messages] = await Promise.all([searchParams, getMessages()]);
  const t = messages.site.settings;
  const withToken = typeof token === "string";
  return (
    <FormCard
      title={withToken ? t.newPasswordTitle : t.resetTitle}
      footer={
        <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
          {t.signIn}
        </Link>
      }
    >
      {withToken ? (
        <NewPasswordForm token={token} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-stone-600">{t.resetText}</p>
          <RequestResetForm />
        </div>
      )}
    </FormCard>
  );
}
