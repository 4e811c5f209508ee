// An optional email address per account, verified by a link, used only to reset a forgotten
// password. Without a verified address no reset is possible (the pages say so).

import { Prisma } from "@/generated/prisma/client";
import type { Locale } from "@/i18n/locale";
import { translator } from "@/i18n/catalog";
import type { Db } from "../db/client";
import { revokeSessions } from "../auth/session";
import type { Mailer } from "../mail";
import { AccountError, provePassword } from "./accounts";
import { accountMails, spend, trySpend } from "./limits";
import { issueToken, redeemToken, spendTokens } from "./mail-tokens";
import { hashPassword } from "./password";
import { nameKey } from "@/protocol/accounts";

export const VERIFY_PATH = "/account/verify";
export const RESET_PATH = "/reset";

const badLink = () =>
  new AccountError("BAD_LINK", "This link is not valid any more: ask for a new one.");

function link(mailer: Mailer, path: string, token: string): string {
  return `${mailer.origin}${path}?token=${encodeURIComponent(token)}`;
}

/** The account's address, and one waiting for its link to be followed, if any. */
export async function emailStatus(db: Db, userId: string, now = new Date()) {
  const [user, pending] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { email: true, emailVerifiedAt: true },
    }),
    db.mailToken.findFirst({
      where: { userId, kind: "VERIFY_EMAIL", usedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: "desc" },
      select: { email: true },
    }),
  ]);
  return { ...user, pending: pending?.email ?? null };
}

/**
 * Sends a verification link to `email`, given the password (a stolen session must not be able
 * to add an address and reset the password through it). Whether another account uses the
 * address is said only when its link is followed, to whoever reads that mailbox.
 */
export async function setEmail(
  db: Db,
  mailer: Mailer,
  user: { id: string; name: string },
  input: { email: string; password: string; locale: Locale },
): Promise<void> {
  await provePassword(db, user.id, input.password, "password");
  await spend(accountMails, user.id);
  const token = await issueToken(db, user.id, "VERIFY_EMAIL", input.email);
  const t = translator(input.locale);
  await mailer.send({
    to: input.email,
    subject: t("site.settings.mail.verifySubject"),
    text: t("site.settings.mail.verifyText", {
      name: user.name,
      link: link(mailer, VERIFY_PATH, token),
    }),
  });
}

/** Follows a verification link: the address becomes the account's. */
export async function verifyEmail(db: Db, token: string): Promise<{ email: string }> {
  const used = await redeemToken(db, token, "VERIFY_EMAIL");
  if (!used?.email || used.user.deletedAt) throw badLink();
  try {
    await db.user.update({
      where: { id: used.userId },
      data: { email: used.email, emailVerifiedAt: new Date() },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new AccountError("EMAIL_TAKEN", "Another account uses this address already.");
    throw error;
  }
  return { email: used.email };
}

/**
 * A reset asked for by name or address: mails a link to the account's verified address, if it
 * has one. The caller answers the same in every case and does not wait for this.
 * Returns whether a mail went out (for tests and logs; never for the asker).
 */
export async function sendResetLink(
  db: Db,
  mailer: Mailer,
  input: { who: string; locale: Locale },
): Promise<boolean> {
  const who = input.who.trim();
  const user = await db.user.findFirst({
    where: {
      deletedAt: null,
      ...(who.includes("@") ? { email: who.toLowerCase() } : { nameKey: nameKey(who) }),
    },
    select: { id: true, name: true, email: true },
  });
  if (!user?.email || !(await trySpend(accountMails, user.id))) return false;
  const token = await issueToken(db, user.id, "RESET_PASSWORD", user.email);
  const t = translator(input.locale);
  await mailer.send({
    to: user.email,
    subject: t("site.settings.mail.resetSubject"),
    text: t("site.settings.mail.resetText", {
      name: user.name,
      link: link(mailer, RESET_PATH, token),
    }),
  });
  return true;
}

/**
 * Sets a new password through a reset link, valid only while the account's address is still
 * the one it was sent to. Every other reset link ends, and so do the player's sessions.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
): Promise<{ name: string }> {
  const used = await redeemToken(db, input.token, "RESET_PASSWORD");
  if (!used || used.user.deletedAt || !used.email || used.user.email !== used.email)
    throw badLink();
  const passwordHash = await hashPassword(input.password);
  const user = await db.user.update({
    where: { id: used.userId },
    data: { passwordHash },
    select: { name: true },
  });
  await spendTokens(db, used.userId, "RESET_PASSWORD");
  await revokeSessions(used.userId, db);
  return user;
}
