"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";

export function SignOutButton() {
  const t = useTranslations();
  return (
    <button
      type="button"
      onClick={() => signOut({ callbackUrl: "/" })}
      className="rounded-md border border-stone-300 px-3 py-1.5 font-medium whitespace-nowrap hover:bg-stone-100"
    >
      {t("nav.signOut")}
    </button>
  );
}
