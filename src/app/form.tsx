"use client";

import { type ReactNode, useSyncExternalStore } from "react";

// The small pieces the account forms share.

// Hydration is a one-time change: nothing to subscribe to.
const noUpdates = () => () => {};

export function Field(props: {
  label: string;
  name: string;
  type?: "text" | "password";
  autoComplete: string;
  hint?: string;
  errors?: string[];
}) {
  const describedBy = props.errors?.length ? `${props.name}-error` : undefined;
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

export function FormCard(props: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
      <div className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        {props.children}
      </div>
      <p className="text-center text-sm text-stone-600">{props.footer}</p>
    </div>
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
