"use client";

import { useTranslations } from "next-intl";

/**
 * Signs out as next-auth's client does (its CSRF token, then the sign-out form's POST), then
 * goes home. Not with that client itself: the button is on every page, and the client with
 * its runtime helpers would be in every page's first load for this one call.
 */
async function signOut(): Promise<void> {
  const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  await fetch("/api/auth/signout", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/", json: "true" }),
  });
  window.location.href = "/";
}

export function SignOutButton() {
  const t = useTranslations();
  return (
    <button
      type="button"
      onClick={() => void signOut()}
      className="rounded-md border border-stone-300 px-3 py-1.5 font-medium whitespace-nowrap hover:bg-stone-100"
    >
      {t("nav.signOut")}
    </button>
  );
}
