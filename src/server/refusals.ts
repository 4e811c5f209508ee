// The site's refusals outside the table (lobbies, the agora, profiles, reports, replays,
// moderation): each has a stable code and its words' arguments, so clients say it in the
// reader's language (src/i18n/errors.ts); the message stays the server's English sentence.

import { TRPCError } from "@trpc/server";
import type { RefusalData, SiteRefusalCode, SiteRefusals } from "@/protocol/refusals";

/** The cause of a refused request, read by the tRPC error formatter. */
export class SiteRefusal extends Error {
  override name = "SiteRefusal";

  constructor(
    message: string,
    readonly data: RefusalData,
  ) {
    super(message);
  }
}

/** A refusal as a tRPC error of `kind`, with the English `message` and its code for clients. */
export function refuse<C extends SiteRefusalCode>(
  kind: TRPCError["code"],
  message: string,
  code: C,
  ...args: SiteRefusals[C]
): TRPCError {
  const cause = new SiteRefusal(message, { code, args } as RefusalData);
  return new TRPCError({ code: kind, message, cause });
}
