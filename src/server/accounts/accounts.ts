import { Prisma } from "@/generated/prisma/client";
import type { Db } from "../db/client";
import { hashPassword } from "./password";
import type { Role } from "./roles";
import { nameKey, type SignUpInput } from "./validation";

export type AccountErrorCode = "NAME_TAKEN" | "NO_SUCH_PLAYER";

/** A refused account change; `field` names the form field it is about. */
export class AccountError extends Error {
  override name = "AccountError";
  constructor(
    readonly code: AccountErrorCode,
    message: string,
    readonly field?: "name" | "password",
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
