"use client";

import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { localPath } from "@/protocol/local-path";
import { Field, FormError, SubmitButton } from "../form";

export function SignInForm() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const callbackUrl = useSearchParams().get("callbackUrl");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!name || !password) {
      setError(t("site.account.enterBoth"));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await signIn("credentials", { name, password, locale, redirect: false });
    if (!result?.ok) {
      setError(result?.error ?? t("site.account.signInFailed"));
      setBusy(false);
      return;
    }
    // Only paths of this site: never send a player elsewhere after signing in.
    router.push(localPath(callbackUrl, location.origin) ?? "/");
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={error} />
      <Field label={t("site.account.name")} name="name" autoComplete="username" />
      <Field
        label={t("site.account.password")}
        name="password"
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton busy={busy}>
        {busy ? t("site.account.signingIn") : t("site.account.signIn")}
      </SubmitButton>
    </form>
  );
}
