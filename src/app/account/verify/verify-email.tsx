"use client";

import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { FormDone, FormError, SubmitButton } from "../../form";
import { useTRPC } from "../../trpc";

export function VerifyEmail({ token }: { token: string }) {
  const t = useTranslations();
  const verify = useMutation(useTRPC().account.verifyEmail.mutationOptions());
  const [verified, setVerified] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    verify.mutate({ token }, { onSuccess: ({ email }) => setVerified(email) });
  }

  if (verified) return <FormDone message={t("site.settings.emailVerified", { email: verified })} />;
  return (
    <form onSubmit={submit} className="space-y-4">
      <FormError message={verify.error ? errorText(verify.error, t) : null} />
      <p className="text-sm text-stone-600">{t("site.settings.verifyText")}</p>
      <SubmitButton busy={verify.isPending}>
        {verify.isPending ? t("site.settings.confirming") : t("site.settings.confirm")}
      </SubmitButton>
    </form>
  );
}
