import { z } from "zod";
import { LOCALES } from "@/i18n/locale";

import { NAME_MAX, NAME_MIN, PASSWORD_MAX_BYTES, PASSWORD_MIN } from "./figures";

// Shared by the sign-up form (instant feedback) and the server (the authority).

export { NAME_MAX, NAME_MIN, PASSWORD_MAX_BYTES, PASSWORD_MIN } from "./figures";

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

/** A password typed to prove who one is: any length a browser sends, bounded. */
const typedPassword = z
  .string({ error: "Enter your password." })
  .min(1, "Enter your password.")
  .max(200);

/** Lower-cased: an address is one account's whatever its case. */
export const emailSchema = z
  .string({ error: "Enter an email address." })
  .trim()
  .toLowerCase()
  .max(254, "An email address has at most 254 characters.")
  .pipe(z.email({ error: "Enter an email address." }));

/** The language of the mail to send (the reader's). */
const locale = z.enum(LOCALES).default("en");
/** A link's token: 32 random bytes in base64url. */
const token = z.string().min(1).max(100);

export const changePasswordInput = z.object({
  currentPassword: typedPassword,
  password: passwordSchema,
});
export const deleteAccountInput = z.object({ password: typedPassword });
export const setEmailInput = z.object({ email: emailSchema, password: typedPassword, locale });
export const verifyEmailInput = z.object({ token });
/** `who`: the account's name or its email address. */
export const requestResetInput = z.object({
  who: z
    .string({ error: "Enter your name or email address." })
    .trim()
    .min(1, "Enter your name or email address.")
    .max(254),
  locale,
});
export const resetPasswordInput = z.object({ token, password: passwordSchema });

/** Names are unique regardless of case: "Alice" and "alice" are one player. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}
