"use client";

import { type ReactNode, useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { accountErrorText, errorText } from "@/i18n/errors";
import type { Translator } from "@/i18n/types";

// The small pieces the account forms share.

// Hydration is a one-time change: nothing to subscribe to.
const noUpdates = () => () => {};

export function Field(props: {
  label: string;
  name: string;
  type?: "text" | "password" | "email";
  autoComplete: string;
  hint?: string;
  errors?: string[];
  /** Set when another form of the page has a field of the same name: keeps ids unique. */
  scope?: string;
}) {
  const describedBy = props.errors?.length
    ? `${props.scope ? `${props.scope}-` : ""}${props.name}-error`
    : undefined;
  return (
    <label className="block space-y-1.5">
      <span className="text-sm font-medium">{props.label}</span>
      <input
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        aria-invalid={describedBy ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 outline-none focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/20 aria-invalid:border-red-500"
      />
      {describedBy ? (
        <span id={describedBy} className="block text-sm text-red-700">
          {props.errors?.join(" ")}
        </span>
      ) : (
        props.hint && <span className="block text-sm text-stone-500">{props.hint}</span>
      )}
    </label>
  );
}

export function FormCard(props: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
  /** What the visitor came for, above the form. */
  lead?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
      {props.lead}
      <div className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        {props.children}
      </div>
      <p className="text-center text-sm text-stone-600">{props.footer}</p>
    </div>
  );
}

/** Per-field messages of a form, by field name. */
export type FieldErrors = Record<string, string[] | undefined>;

/**
 * A refused request as the form shows it: under the field it is about (a refused account
 * change names its one field; say it in the reader's words), else above the form.
 */
export function serverErrors(
  failure: unknown,
  messages: Translator,
): { fields: FieldErrors; error: string | null } {
  const data = (failure as { data?: { fieldErrors?: FieldErrors | null } }).data;
  const refused = accountErrorText(failure, messages);
  if (!data?.fieldErrors) return { fields: {}, error: errorText(failure, messages) };
  const byField = Object.entries(data.fieldErrors).map(([field, texts]) => [
    field,
    refused ? [refused] : texts,
  ]);
  return { fields: Object.fromEntries(byField) as FieldErrors, error: null };
}

/** A form's state: its field errors, its error, its confirmation, whether it is sending. */
export function useFormState() {
  const messages = useTranslations();
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    fields,
    error,
    done,
    busy,
    /** Runs `send` unless the fields' own checks found something; shows how it went. */
    async submit(checks: FieldErrors, send: () => Promise<string | null>) {
      setError(null);
      setDone(null);
      const found = Object.fromEntries(Object.entries(checks).filter(([, texts]) => texts));
      setFields(found);
      if (Object.keys(found).length > 0) return;
      setBusy(true);
      try {
        setDone(await send());
      } catch (failure) {
        const shown = serverErrors(failure, messages);
        setFields(shown.fields);
        setError(shown.error);
      }
      setBusy(false);
    },
  };
}

/** A confirmation after a form did its work. */
export function FormDone({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {message}
    </p>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/**
 * Disabled until the form is hydrated: before that, a press would submit it natively, a GET
 * that puts the password in the address and comes back with the fields empty. What is typed
 * meanwhile stays in the fields (uncontrolled inputs keep it through hydration).
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noUpdates,
    () => true,
    () => false,
  );
  return (
    <button
      type="submit"
      disabled={busy || !hydrated}
      className="w-full rounded-md bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800 disabled:opacity-60"
    >
      {children}
    </button>
  );
}
