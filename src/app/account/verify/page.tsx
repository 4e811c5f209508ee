import type { Metadata } from "next";
import Link from "next/link";
import { getMessages } from "@/i18n/server";
import { FormCard } from "../../form";
import { VerifyEmail } from "./verify-email";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.settings.verifyMeta };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

// A button, not an action on opening: mail scanners open links too.
export default async function VerifyEmailPage({ searchParams }: Props) {
  const [{ token }, messages] = await Promise.all([searchParams, getMessages()]);
  const t = messages.site.settings;
  return (
    <FormCard
      title={t.verifyTitle}
      footer={
        <Link href="/account" className="font-medium text-emerald-700 hover:underline">
          {t.toAccount}
        </Link>
      }
    >
      {typeof token === "string" ? <VerifyEmail token={token} /> : <p>{t.noToken}</p>}
    </FormCard>
  );
}
