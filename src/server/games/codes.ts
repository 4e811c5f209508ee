import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: a code read aloud or copied by hand still works. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 6;

export function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What a player typed, as stored: upper case, spaces and dashes dropped. */
export function normalizeCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}
