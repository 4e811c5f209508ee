// The app's catalogs type next-intl's keys: a key missing from messages/en.json, or a format
// name missing from FORMATS, is a type error.

import type { useTranslations } from "next-intl";
import type en from "../../messages/en.json";
import type { FORMATS } from "./config";
import type { Locale } from "./locale";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
    Formats: typeof FORMATS;
  }
}

/** A translator over the whole catalog, as `useTranslations()` and `getTranslations()` give. */
export type Translator = ReturnType<typeof useTranslations<never>>;
