import { cookies } from "next/headers";
import { dictionary } from "./messages";
import { LOCALE_COOKIE, type Locale, parseLocale } from "./locale";

/** The reader's language, from their cookie (server components). */
export async function getLocale(): Promise<Locale> {
  return parseLocale((await cookies()).get(LOCALE_COOKIE)?.value);
}

export async function getMessages() {
  return dictionary(await getLocale());
}
