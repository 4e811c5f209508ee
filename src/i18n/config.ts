// How dates are written, shared by the server's request config and the client provider.

import type { Formats } from "next-intl";

/** Instants are shown in UTC, and say so: every reader sees the same instant. */
export const TIME_ZONE = "UTC";

export const FORMATS = {
  dateTime: {
    /** An instant: "7 Dec 2026, 14:05 UTC". */
    when: {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    },
    /** A day: "7 December 2026". */
    day: { day: "numeric", month: "long", year: "numeric" },
  },
  number: {
    /** A skill rating: one decimal, with the reader's decimal mark ("25.3", "25,3"). */
    rating: { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  },
} satisfies Formats;
