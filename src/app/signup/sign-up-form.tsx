"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { useLocale, useTranslations } from "next-intl";
import { signUpIssueText } from "@/i18n/errors";
import { NAME_MAX, NAME_MIN, PASSWORD_MIN, signUpInput } from "@/protocol/accounts";
import { localPath } from "@/protocol/local-path";
import { useTRPC } from "../trpc";
import { Field, type FieldErrors, FormError, serverErrors, SubmitButton } from "../form";

export function SignUpForm() {
  const t = useTranslations();
  const locale = useLocale();
  const trpc = useTRPC();
  const router = useRouter();
  const callbackUrl = useSearchParams().get("callbackUrl");
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = signUpInput.safeParse({
      name: form.get("name"),
      password: form.get("password"),
    });
    setError(null);
    if (!parsed.success) {
      setFieldErrors(
        z.flattenError(parsed.error, (issue) => signUpIssueText(issue, t)).fieldErrors,
      );
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const { name } = await signUp.mutateAsync(parsed.data);
      const result = await signIn("credentials", {
        name,
        password: parsed.data.password,
        locale,
        redirect: false,
      });
      if (!result?.ok) throw new Error(result?.error ?? t("site.account.readyButNotSignedIn"));
      // Back where the visitor was going (a hand to watch, a game to join), else their page.
      router.push(localPath(callbackUrl, location.origin) ?? `/u/${name}`);
      router.refresh();
    } catch (failure) {
      const { fields, error: refused } = serverErrors(failure, t);
      setFieldErrors(fields);
      setError(refused);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={error} />
      <Field
        label={t("site.account.name")}
        name="name"
        autoComplete="username"
        hint={t("site.account.nameHint", { min: NAME_MIN, max: NAME_MAX })}
        errors={fieldErrors.name}
      />
      <Field
        label={t("site.account.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t("site.account.passwordHint", { min: PASSWORD_MIN })}
        errors={fieldErrors.password}
      />
      <SubmitButton busy={busy}>
        {busy ? t("site.account.signingUp") : t("site.account.signUp")}
      </SubmitButton>
    </form>
  );
}
