import { Role } from "@/generated/prisma/enums";

export { Role };

const RANK: Record<Role, number> = { PLAYER: 0, MODERATOR: 1, ADMIN: 2 };

/** Admins can do what moderators can, moderators what players can. */
export function hasRole(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

/** "moderator" → MODERATOR, as typed on the command line; undefined when it is no role. */
export function parseRole(text: string): Role | undefined {
  const upper = text.trim().toUpperCase();
  return Object.values(Role).find((role) => role === upper);
}
