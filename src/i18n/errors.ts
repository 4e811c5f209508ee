// Errors in the reader's language. The server writes its sentences in English and tags them with
// codes (tRPC's, the engine's rejection code, an account error's code, a site refusal's code
// with its arguments, zod's issue codes); a code
// the dictionary knows is said in its words, anything else keeps the server's own sentence.

import type { z } from "zod";
import { PASSWORD_MAX_BYTES } from "@/protocol/figures";
import type { RefusalData, SignInRefusal } from "@/protocol/refusals";
import { when } from "./format";
import type { Messages } from "./messages";

type ErrorData = {
  code?: string;
  engineCode?: string | null;
  accountCode?: string | null;
  refusal?: RefusalData | null;
};

/** The words for a code that came as a plain string (from the server or a log), if any. */
export function wordFor(table: Record<string, string> | null, code: string | null | undefined) {
  return code && table && Object.hasOwn(table, code) ? table[code] : undefined;
}

/** The sentence for an account error's code (such as a taken name), or undefined. */
export function accountErrorText(failure: unknown, t: Messages): string | undefined {
  const data = (failure as { data?: ErrorData } | null)?.data;
  return wordFor(t.site.account.accountErrors, data?.accountCode);
}

/** A site refusal (src/server/refusals.ts) in the reader's words, or undefined. */
function refusalText(refusal: RefusalData | null | undefined, t: Messages): string | undefined {
  const words = t.site.refusals;
  if (!refusal || !words || !Object.hasOwn(words, refusal.code)) return undefined;
  const say = words[refusal.code] as (...args: unknown[]) => string;
  return say(...refusal.args);
}

/** The most precise sentence the dictionary has for `failure`, else the server's own. */
export function errorText(failure: unknown, t: Messages): string {
  const data = (failure as { data?: ErrorData } | null)?.data;
  return (
    wordFor(t.refusals, data?.engineCode) ??
    accountErrorText(failure, t) ??
    refusalText(data?.refusal, t) ??
    wordFor(t.site.errors, data?.code) ??
    (failure instanceof Error ? failure.message : String(failure))
  );
}

/** One failed check of the sign-up form (signUpInput) in the reader's words. */
export function signUpIssueText(issue: z.core.$ZodIssue, t: Messages): string {
  const words = t.site.account.fieldIssues;
  if (!words) return issue.message;
  const field = issue.path[0] === "name" ? words.name : words.password;
  switch (issue.code) {
    case "too_small":
      return field.short(Number(issue.minimum));
    case "too_big":
      return field.long(Number(issue.maximum));
    case "invalid_format":
      return words.name.chars;
    case "custom":
      return words.password.long(PASSWORD_MAX_BYTES);
    default:
      return field.missing;
  }
}

/** A refused sign-in in the reader's words (said on the server: next-auth passes on only a message). */
export function signInRefusalText(
  error: { refusal: SignInRefusal; message: string },
  t: Messages,
): string {
  const words = t.site.account.signInRefusals;
  if (!words) return error.message;
  const refusal = error.refusal;
  switch (refusal.code) {
    case "WRONG_CREDENTIALS":
      return words.wrong;
    case "TOO_MANY_FAILURES":
      return words.tooMany(refusal.minutes);
    case "BANNED":
      return words.banned(
        t.site.banEnd(refusal.ban.endsAt && when(refusal.ban.endsAt)),
        refusal.ban.reason,
      );
  }
}
