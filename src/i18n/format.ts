// Dates in the reader's language, in UTC (src/i18n/config.ts) so that every
// reader of a moderator's note or a ban sees the same instant.

import type { Translator } from "./types";

/** What formats dates: `useFormatter()` in client components, `getFormatter()` in server ones. */
export type DateFormatter = { dateTime: (date: Date, format: "when") => string };

/** An instant as the site shows it; "—" for none. */
export function when(format: DateFormatter, date: Date | null): string {
  return date ? format.dateTime(date, "when") : "—";
}

/** How long a ban lasts, said after the ban itself: "until …", or with no end date. */
export function banEnd(t: Translator, endsAt: Date | null): string {
  return endsAt ? t("site.banUntil", { date: endsAt }) : t("site.banForever");
}
