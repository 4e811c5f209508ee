import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { getMessages } from "@/i18n/server";
import { FormCard } from "../form";
import { SignUpForm } from "./sign-up-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.account.signUpMeta };
}

export default async function SignUpPage() {
  const t = (await getMessages()).site.account;
  return (
    <FormCard
      title={t.signUpTitle}
      footer={
        <>
          {t.haveOne}{" "}
          <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
            {t.signIn}
          </Link>
        </>
      }
    >
      {/* The form reads ?callbackUrl= from the address, known only in the browser. */}
      <Suspense>
        <SignUpForm />
      </Suspense>
    </FormCard>
  );
}
