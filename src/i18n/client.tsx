"use client";

import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext } from "react";
import { LOCALE_COOKIE, LOCALES, type Locale } from "./locale";
import { dictionary, type Messages } from "./messages";

const LocaleContext = createContext<Locale>("en");

/** Client components read the language chosen on the server (from the cookie). */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useMessages(): Messages {
  return dictionary(useLocale());
}

/** Stores the choice in a cookie for a year and re-renders the page in that language. */
export function LocaleSwitch() {
  const locale = useLocale();
  const t = useMessages();
  const router = useRouter();
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">{t.language}</span>
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
            {t.languageNames[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
