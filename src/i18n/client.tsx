"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { LOCALE_COOKIE, LOCALES } from "./locale";

/** Stores the choice in a cookie for a year and re-renders the page in that language. */
export function LocaleSwitch() {
  const locale = useLocale();
  const t = useTranslations();
  const router = useRouter();
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t("language")}</span>
      <select
        value={locale}
        className="rounded border border-stone-300 bg-white px-1 py-0.5"
        onChange={(e) => {
          document.cookie = `${LOCALE_COOKIE}=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`languageNames.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
