"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { NAME_MAX, NAME_MIN, PASSWORD_MIN, signUpInput } from "@/server/accounts/validation";
import { useTRPC } from "../trpc";
import { Field, FormError, SubmitButton } from "../form";

type FieldErrors = { name?: string[]; password?: string[] };

export function SignUpForm() {
  const trpc = useTRPC();
  const router = useRouter();
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
      setFieldErrors(z.flattenError(parsed.error).fieldErrors);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const { name } = await signUp.mutateAsync(parsed.data);
      const result = await signIn("credentials", {
        name,
        password: parsed.data.password,
        redirect: false,
      });
      if (!result?.ok)
        throw new Error(result?.error ?? "Your account is ready, but signing in failed.");
      router.push(`/u/${name}`);
      router.refresh();
    } catch (failure) {
      const data = (failure as { data?: { fieldErrors?: FieldErrors | null } }).data;
      if (data?.fieldErrors) setFieldErrors(data.fieldErrors);
      else setError(failure instanceof Error ? failure.message : "Something went wrong.");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormError message={error} />
      <Field
        label="Name"
        name="name"
        autoComplete="username"
        hint={`${NAME_MIN}–${NAME_MAX} letters, digits, _ or -. Shown to other players.`}
        errors={fieldErrors.name}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        errors={fieldErrors.password}
      />
      <SubmitButton busy={busy}>{busy ? "Creating…" : "Create account"}</SubmitButton>
    </form>
  );
}
