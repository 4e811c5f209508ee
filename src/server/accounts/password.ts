import bcrypt from "bcryptjs";

// bcrypt at cost 11: about 0.1 s per hash here, slow enough to hinder guessing offline.
const COST = 11;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** Compared against when the name is unknown, so a wrong name takes as long as a wrong password. */
export const DECOY_HASH = bcrypt.hashSync("not a password of anyone", COST);
