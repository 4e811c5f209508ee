// The reader's language (from their cookie: no locale in the URL) and its catalog, for server
// components; next-intl calls this once per request.

import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { FORMATS, TIME_ZONE } from "./config";
import { LOCALE_COOKIE, parseLocale } from "./locale";

export default getRequestConfig(async () => {
  const locale = parseLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    timeZone: TIME_ZONE,
    formats: FORMATS,
  };
});
