// Apart from form.tsx, which every page carries (its error line is the site's): checking a
// new password brings zod, which only the pages that ask for one need.

import { signUpIssueText } from "@/i18n/errors";
import type { Translator } from "@/i18n/types";
import { passwordSchema } from "@/protocol/accounts";

/** The message of a new password's first failed check, in the reader's words, if any. */
export function newPasswordIssue(password: string, messages: Translator): string[] | undefined {
  const parsed = passwordSchema.safeParse(password);
  if (parsed.success) return undefined;
  return [signUpIssueText({ ...parsed.error.issues[0]!, path: ["password"] }, messages)];
}
