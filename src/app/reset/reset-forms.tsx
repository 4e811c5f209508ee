"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { PASSWORD_MIN } from "@/protocol/accounts";
import { Field, FormDone, FormError, SubmitButton, useFormState } from "../form";
import { newPasswordIssue } from "../new-password";
import { useTRPC } from "../trpc";

export function RequestResetForm() {
  const t = useTranslations();
  const locale = useLocale();
  const request = useMutation(useTRPC().account.requestReset.mutationOptions());
  const state = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const who = String(new FormData(event.currentTarget).get("who") ?? "").trim();
    void state.submit({ who: who ? undefined : [t("site.settings.enterWho")] }, async () => {
      await request.mutateAsync({ who, locale });
      // The same answer whether or not the account exists or has a verified address.
      return t("site.settings.resetSent");
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={state.error} />
      <FormDone message={state.done} />
      <Field
        label={t("site.settings.who")}
        name="who"
        autoComplete="username"
        errors={state.fields.who}
      />
      <SubmitButton busy={state.busy}>
        {state.busy ? t("site.settings.sending") : t("site.settings.sendReset")}
      </SubmitButton>
    </form>
  );
}

export function NewPasswordForm({ token }: { token: string }) {
  const t = useTranslations();
  const reset = useMutation(useTRPC().account.resetPassword.mutationOptions());
  const state = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    void state.submit({ password: newPasswordIssue(password, t) }, async () => {
      await reset.mutateAsync({ token, password });
      return t("site.settings.passwordReset");
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={state.error} />
      <FormDone message={state.done} />
      <Field
        label={t("site.settings.newPassword")}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t("site.account.passwordHint", { min: PASSWORD_MIN })}
        errors={state.fields.password}
      />
      <SubmitButton busy={state.busy}>
        {state.busy ? t("site.settings.changing") : t("site.settings.setPassword")}
      </SubmitButton>
    </form>
  );
}
