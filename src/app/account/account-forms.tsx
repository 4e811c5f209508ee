"use client";

import { useMutation } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { emailSchema, PASSWORD_MIN } from "@/protocol/accounts";
import { Field, FormDone, FormError, SubmitButton, useFormState } from "../form";
import { newPasswordIssue } from "../new-password";
import { useTRPC } from "../trpc";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

export function EmailForm() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const setEmail = useMutation(useTRPC().account.setEmail.mutationOptions());
  const state = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = emailSchema.safeParse(text(form, "email"));
    const password = text(form, "password");
    void state.submit(
      {
        email: email.success ? undefined : [t("site.settings.emailIssue")],
        password: password ? undefined : [t("site.settings.enterPassword")],
      },
      async () => {
        await setEmail.mutateAsync({ email: email.data!, password, locale });
        router.refresh();
        return t("site.settings.linkSent", { email: email.data! });
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={state.error} />
      <FormDone message={state.done} />
      <Field
        label={t("site.settings.email")}
        name="email"
        type="email"
        autoComplete="email"
        errors={state.fields.email}
      />
      <Field
        label={t("site.settings.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        errors={state.fields.password}
        scope="email"
      />
      <SubmitButton busy={state.busy}>
        {state.busy ? t("site.settings.sending") : t("site.settings.sendLink")}
      </SubmitButton>
    </form>
  );
}

export function ChangePasswordForm() {
  const t = useTranslations();
  const change = useMutation(useTRPC().account.changePassword.mutationOptions());
  const state = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = text(data, "currentPassword");
    const password = text(data, "password");
    void state.submit(
      {
        currentPassword: currentPassword ? undefined : [t("site.settings.enterPassword")],
        password: newPasswordIssue(password, t),
      },
      async () => {
        await change.mutateAsync({ currentPassword, password });
        form.reset();
        // Every session ended with the old password, this one too: its cookie goes now.
        await signOut({ redirect: false });
        return t("site.settings.changed");
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={state.error} />
      <FormDone message={state.done} />
      <Field
        label={t("site.settings.currentPassword")}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        errors={state.fields.currentPassword}
      />
      <Field
        label={t("site.settings.newPassword")}
        name="password"
        type="password"
        autoComplete="new-password"
        hint={t("site.account.passwordHint", { min: PASSWORD_MIN })}
        errors={state.fields.password}
        scope="change"
      />
      <SubmitButton busy={state.busy}>
        {state.busy ? t("site.settings.changing") : t("site.settings.change")}
      </SubmitButton>
    </form>
  );
}

export function DeleteAccountForm() {
  const t = useTranslations();
  const remove = useMutation(useTRPC().account.delete.mutationOptions());
  const state = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = text(new FormData(event.currentTarget), "password");
    void state.submit(
      { password: password ? undefined : [t("site.settings.enterPassword")] },
      async () => {
        await remove.mutateAsync({ password });
        await signOut({ callbackUrl: "/" });
        return t("site.settings.deleted");
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={state.error} />
      <FormDone message={state.done} />
      <Field
        label={t("site.settings.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        errors={state.fields.password}
        scope="delete"
      />
      <SubmitButton busy={state.busy}>
        {state.busy ? t("site.settings.deleting") : t("site.settings.deleteButton")}
      </SubmitButton>
    </form>
  );
}
