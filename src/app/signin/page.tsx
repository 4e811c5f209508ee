import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { getMessages } from "@/i18n/server";
import { FormCard } from "../form";
import { SignInForm } from "./sign-in-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.account.signInTitle };
}

export default async function SignInPage() {
  const site = (await getMessages()).site;
  const [t, forgot] = [site.account, site.settings.forgot];
  return (
    <FormCard
      title={t.signInTitle}
      footer={
        <>
          {t.newHere}{" "}
          <Link href="/signup" className="font-medium text-emerald-700 hover:underline">
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
