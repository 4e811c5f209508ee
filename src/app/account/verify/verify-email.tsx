"use client";

import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useMessages } from "@/i18n/client";
import { errorText } from "@/i18n/errors";
import { FormDone, FormError, SubmitButton } from "../../form";
import { useTRPC } from "../../trpc";

export function VerifyEmail({ token }: { token: string }) {
  const messages = useMessages();
  const t = messages.site.settings;
  const verify = useMutation(useTRPC().account.verifyEmail.mutationOptions());
  const [verified, setVerified] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    verify.mutate({ token }, { onSuccess: ({ email }) => setVerified(email) });
  }

  if (verified) return <FormDone message={t.emailVerified(verified)} />;
  return (
    <form onSubmit={submit} className="space-y-4">
      <FormError message={verify.error ? errorText(verify.error, messages) : null} />
      <p className="text-sm text-stone-600">{t.verifyText}</p>
      <SubmitButton busy={verify.isPending}>
        {verify.isPending ? t.confirming : t.confirm}
      </SubmitButton>
    </form>
  );
}
