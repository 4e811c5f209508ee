// The codes of the server's refusals and the arguments their sentences need, so that clients
// say them in the reader's language (src/i18n/errors.ts) while the server's message stays its
// English sentence.

import type { BanKind, Role } from "@/generated/prisma/enums";

/** Each refusal's code and the arguments its sentence needs. */
export type SiteRefusals = {
  NO_SUCH_GAME: [];
  NO_GAME_WITH_CODE: [];
  GAME_STARTED_WITHOUT_YOU: [];
  GAME_FULL: [];
  JOIN_FIRST: [];
  ONLY_CREATOR_ADDS_BOTS: [];
  GAME_WITHOUT_BOTS: [];
  GAME_STARTED: [];
  NO_PLACE_LEFT: [];
  NO_BOT_TO_REMOVE: [];
  SEATED_LEAVE_FROM_TABLE: [];
  NO_MATCH_TO_SEE: [];
  MATCH_STILL_LIVE: [];
  NEVER_DEALT: [];
  NO_SUCH_STEP: [last: number];
  NO_PLAYER_NAMED: [name: string];
  /** `endsAt`: an ISO instant, or null for a ban with no end. */
  BANNED: [kind: BanKind, endsAt: string | null, reason: string];
  FINISH_RANKED_HAND: [];
  CANNOT_REPORT_YOURSELF: [];
  REPORT_STILL_OPEN: [name: string];
  NOT_BOTH_IN_MATCH: [];
  NO_SUCH_PLAYER: [];
  NOT_TO_YOURSELF: [];
  NOT_YOUR_OWN_ROLE: [];
  OUTRANKED: [actor: Role, target: Role];
  NO_BAN_IN_FORCE: [name: string];
  ALREADY_HAS_ROLE: [name: string, role: Role];
  NO_SUCH_MATCH: [];
  MATCH_ALREADY_ENDED: [];
  REPORT_NOT_OPEN: [];
  ROLE_REQUIRED: [role: Role];
  JOIN_WITH_CODE: [];
  SEATED_BY_MATCHING: [];
  TOO_MANY_WAITING_TABLES: [limit: number];
  TOO_MANY_PRACTICE_TABLES: [limit: number];
  TOO_MANY_HINTS: [];
  ROLE_CHANGED_MEANWHILE: [name: string];
  NO_SUCH_PUZZLE: [];
  NO_PUZZLES: [];
  EVERY_PUZZLE_TRIED: [];
  TOO_MANY_PUZZLE_ATTEMPTS: [];
  SIGN_IN_FOR_PUZZLE: [];
  PUZZLE_TABLE_INVALID: [reason: string];
  PUZZLE_REPORTED_ALREADY: [];
  TOO_MANY_PUZZLE_REPORTS: [perHour: number];
  NO_SUCH_PUZZLE_REPORT: [];
  NOT_THE_STREAK_PUZZLE: [];
  NO_FRIEND_REQUESTS: [name: string];
  TOO_MANY_FRIEND_REQUESTS: [perHour: number];
  NO_FRIEND_REQUEST: [name: string];
  NOT_FRIENDS: [name: string];
  TOO_MANY_INVITATIONS: [perHour: number];
  NO_SUCH_INVITATION: [];
  INVITATION_EXPIRED: [];
};

export type SiteRefusalCode = keyof SiteRefusals;

/** What travels in the error's data (`error.data.refusal`). */
export type RefusalData = {
  [C in SiteRefusalCode]: { code: C; args: SiteRefusals[C] };
}[SiteRefusalCode];

/** A refused account change (src/server/accounts). */
export type AccountErrorCode =
  | "NAME_TAKEN"
  | "NO_SUCH_PLAYER"
  | "WRONG_PASSWORD"
  | "TOO_MANY_REQUESTS"
  | "BAD_LINK"
  | "EMAIL_TAKEN";

/** A ban in force, as a sign-in refusal reports it. */
export type ActiveBan = { kind: BanKind; reason: string; endsAt: Date | null };

/** Why a sign-in was refused, with what its sentence needs, so it can be said in any language. */
export type SignInRefusal =
  | { code: "WRONG_CREDENTIALS" }
  | { code: "TOO_MANY_FAILURES"; minutes: number }
  | { code: "BANNED"; ban: ActiveBan };
