// Both catalogs, for server code that says something outside a page request (a mail, a refused
// sign-in) and for tests. Never imported by client code: pages get their words from
// src/i18n/request.ts, one language at a time.

import { createTranslator } from "next-intl";
import en from "../../messages/en.json";
import it from "../../messages/it.json";
import { FORMATS, TIME_ZONE } from "./config";
import type { Locale } from "./locale";
import type { Translator } from "./types";

export const CATALOGS: Record<Locale, typeof en> = { en, it };

/** The words of `locale`, as `getTranslations()` gives them in a page. */
export function translator(locale: Locale): Translator {
  return createTranslator({
    locale,
    messages: CATALOGS[locale],
    timeZone: TIME_ZONE,
    formats: FORMATS,
  });
}
