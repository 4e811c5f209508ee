import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session";
import { revokeSessions } from "../auth/session";
import { checkPassword, SignInError } from "../auth/sign-in";
import { hashPassword } from "./password";
import type { Role } from "./roles";
import { nameKey, type SignUpInput } from "@/protocol/accounts";
import type { AccountErrorCode } from "@/protocol/refusals";

/** The form fields an account error can be about. */
export type AccountField = "name" | "password" | "currentPassword" | "email";

/** A refused account change; `field` names the form field it is about. */
export class AccountError extends Error {
  override name = "AccountError";
  constructor(
    readonly code: AccountErrorCode,
    message: string,
    readonly field?: AccountField,
  ) {
    super(message);
  }
}

export type PublicUser = { id: string; name: string; role: Role; createdAt: Date };
const publicFields = { id: true, name: true, role: true, createdAt: true } as const;

/** Creates a player account; input is already validated by `signUpInput`. */
export async function signUp(db: Db, input: SignUpInput): Promise<PublicUser> {
  const taken = () => new AccountError("NAME_TAKEN", "That name is taken.", "name");
  const key = nameKey(input.name);
  if (await db.user.findUnique({ where: { nameKey: key }, select: { id: true } })) throw taken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.user.create({
      data: { name: input.name, nameKey: key, passwordHash },
      select: publicFields,
    });
  } catch (error) {
    // Two sign-ups raced for the same name: the unique index decided.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw taken();
    throw error;
  }
}

export function findPlayer(db: Db, name: string): Promise<PublicUser | null> {
  return db.user.findUnique({ where: { nameKey: nameKey(name) }, select: publicFields });
}

export async function grantRole(db: Db, name: string, role: Role): Promise<PublicUser> {
  const updated = await db.user.updateMany({ where: { nameKey: nameKey(name) }, data: { role } });
  const player = updated.count === 1 ? await findPlayer(db, name) : null;
  if (!player) throw new AccountError("NO_SUCH_PLAYER", `There is no player named "${name}".`);
  return player;
}

/**
 * Proves the signed-in player knows their password before an account change. Attempts count
 * against the account as sign-ins do against an address: a stolen session cannot guess it.
 */
export async function provePassword(
  db: Db,
  userId: string,
  password: string,
  field: AccountField,
): Promise<void> {
  const { passwordHash } = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { passwordHash: true },
  });
  const matches = await checkPassword(`account:${userId}`, password, passwordHash).catch(
    (error: unknown) => {
      if (!(error instanceof SignInError) || error.refusal.code !== "TOO_MANY_FAILURES")
        throw error;
      throw new AccountError(
        "TOO_MANY_REQUESTS",
        `Too many wrong passwords: try again in ${error.refusal.minutes} minutes.`,
        field,
      );
    },
  );
  if (!matches) throw new AccountError("WRONG_PASSWORD", "That is not your password.", field);
}

/** Changes the password, given the current one; every session of the player ends, this one too. */
export async function changePassword(
  db: Db,
  userId: string,
  input: { currentPassword: string; password: string },
): Promise<void> {
  await provePassword(db, userId, input.currentPassword, "currentPassword");
  const passwordHash = await hashPassword(input.password);
  await db.user.update({ where: { id: userId }, data: { passwordHash } });
  await revokeSessions(userId, db);
}

/** What stands in for a deleted player's name: never a name anyone can sign up with (a space). */
export const DELETED_NAME_PREFIX = "deleted player ";
export const REMOVED_REPORT_TEXT = "(removed: the reporter deleted their account)";

/**
 * Deletes the account, given its password: `giveUp` first leaves its live seats and queue as
 * leaving would; then its name, email and password go and its reports lose their free text.
 * The row stays, so its seats in others' histories, replays and rankings read "deleted player".
 */
export async function deleteAccount(
  db: Db,
  user: SessionUser,
  password: string,
  giveUp: (user: SessionUser) => Promise<void>,
): Promise<void> {
  await provePassword(db, user.id, password, "password");
  await giveUp(user);
  const name = `${DELETED_NAME_PREFIX}${randomBytes(4).toString("hex")}`;
  await db.$transaction([
    db.user.update({
      where: { id: user.id },
      data: {
        name,
        nameKey: nameKey(name),
        passwordHash: "",
        email: null,
        emailVerifiedAt: null,
        role: "PLAYER",
        deletedAt: new Date(),
      },
    }),
    db.report.updateMany({ where: { reporterId: user.id }, data: { reason: REMOVED_REPORT_TEXT } }),
    db.mailToken.deleteMany({ where: { userId: user.id } }),
  ]);
  await revokeSessions(user.id, db);
}
