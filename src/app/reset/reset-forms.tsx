"use client";

import { useMutation } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useLocale, useMessages } from "@/i18n/client";
import { PASSWORD_MIN } from "@/protocol/accounts";
import { Field, FormDone, FormError, SubmitButton, useFormState } from "../form";
import { newPasswordIssue } from "../new-password";
import { useTRPC } from "../trpc";

export function RequestResetForm() {
  const t = useMessages().site.settings;
  const locale = useLocale();
  const request = useMutation(useTRPC().account.requestReset.mutationOptions());
  const state = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const who = String(new FormData(event.currentTarget).get("who") ?? "").trim();
    void state.submit({ who: who ? undefined : [t.enterWho] }, async () => {
      await request.mutateAsync({ who, locale });
      // The same answer whether or not the account exists or has a verified address.
      return t.resetSent;
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={state.error} />
      <FormDone message={state.done} />
      <Field label={t.who} name="who" autoComplete="username" errors={state.fields.who} />
      <SubmitButton busy={state.busy}>{state.busy ? t.sending : t.sendReset}</SubmitButton>
    </form>
  );
}

export function NewPasswordForm({ token }: { token: string }) {
  const messages = useMessages();
  const t = messages.site.settings;
  const reset = useMutation(useTRPC().account.resetPassword.mutationOptions());
  const state = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    void state.submit({ password: newPasswordIssue(password, messages) }, async () => {
      await reset.mutateAsync({ token, password });
      return t.passwordReset;
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={state.error} />
      <FormDone message={state.done} />
      <Field
        label={t.newPassword}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={messages.site.account.passwordHint(PASSWORD_MIN)}
        errors={state.fields.password}
      />
      <SubmitButton busy={state.busy}>{state.busy ? t.changing : t.setPassword}</SubmitButton>
    </form>
  );
}
