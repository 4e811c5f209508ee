// The two languages of the app and the cookie that remembers the player's choice.

export const LOCALES = ["en", "it"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "mvx-locale";

export function parseLocale(value: string | undefined | null): Locale {
  return LOCALES.find((l) => l === value) ?? DEFAULT_LOCALE;
}
