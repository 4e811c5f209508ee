// The links sent by mail (verify an address, reset a password): 32 random bytes, of which only
// the SHA-256 is stored, so a copy of the database opens no account; each works once, briefly.

import { createHash, randomBytes } from "node:crypto";
import type { MailTokenKind } from "@/generated/prisma/enums";
import type { Db } from "../db/client";

const HOUR = 60 * 60 * 1000;
export const TOKEN_LIFETIME_MS: Record<MailTokenKind, number> = {
  VERIFY_EMAIL: 24 * HOUR,
  RESET_PASSWORD: HOUR,
};

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token of `kind` for the user, about `email`; the token itself goes only in the mail. */
export async function issueToken(
  db: Db,
  userId: string,
  kind: MailTokenKind,
  email: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.mailToken.create({
    data: {
      userId,
      kind,
      email,
      tokenHash: tokenHash(token),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]),
    },
  });
  return token;
}

/**
 * Uses a token up: its row, or null when it is unknown, of another kind, used or expired.
 * Marked used in the same statement that checks it, so two uses at once cannot both pass.
 */
export async function redeemToken(db: Db, token: string, kind: MailTokenKind, now = new Date()) {
  const where = { tokenHash: tokenHash(token), kind };
  const used = await db.mailToken.updateMany({
    where: { ...where, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (used.count !== 1) return null;
  return db.mailToken.findUnique({
    where: { tokenHash: where.tokenHash },
    select: { userId: true, email: true, user: { select: { email: true, deletedAt: true } } },
  });
}

/** Ends the user's other links of `kind` (after a reset, or when the account goes). */
export function spendTokens(db: Db, userId: string, kind: MailTokenKind, now = new Date()) {
  return db.mailToken.updateMany({ where: { userId, kind, usedAt: null }, data: { usedAt: now } });
}
