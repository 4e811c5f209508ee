import { z } from "zod";

// Shared by the sign-up form (instant feedback) and the server (the authority).

export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const PASSWORD_MIN = 8;
/** bcrypt reads at most 72 bytes; longer passwords would be silently cut. */
export const PASSWORD_MAX_BYTES = 72;

export const nameSchema = z
  .string({ error: "Choose a name." })
  .trim()
  .min(NAME_MIN, `A name has at least ${NAME_MIN} characters.`)
  .max(NAME_MAX, `A name has at most ${NAME_MAX} characters.`)
  // "*" not "+": an empty name gets the one message about its length.
  .regex(/^[A-Za-z0-9_-]*$/, "Use only letters, digits, _ and -.");

export const passwordSchema = z
  .string({ error: "Choose a password." })
  .min(PASSWORD_MIN, `A password has at least ${PASSWORD_MIN} characters.`)
  .refine(
    (password) => new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES,
    `A password has at most ${PASSWORD_MAX_BYTES} bytes.`,
  );

export const signUpInput = z.object({ name: nameSchema, password: passwordSchema });
export type SignUpInput = z.infer<typeof signUpInput>;

/** Names are unique regardless of case: "Alice" and "alice" are one player. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}
