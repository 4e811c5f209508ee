// Errors in the reader's language. The server writes its sentences in English and tags them with
// codes (tRPC's, the engine's rejection code, an account error's code, a site refusal's code
// with its arguments, zod's issue codes); a code the catalog knows is said in its words, anything
// else keeps the server's own sentence. The engine's reason is a diagnostic: shown only for a
// code the catalog does not know.

import { TRPCClientError } from "@trpc/client";
import type { z } from "zod";
import { PASSWORD_MAX_BYTES } from "@/protocol/figures";
import type { RefusalData, SignInRefusal } from "@/protocol/refusals";
import { banEnd } from "./format";
import type { Translator } from "./types";

type ErrorData = {
  code?: string;
  engineCode?: string | null;
  accountCode?: string | null;
  refusal?: RefusalData | null;
};

/** The catalog's words for a code that came as a plain string (from the server or a log) under `namespace` ("refusals", "site.errors"…), if any. */
export function wordFor(t: Translator, namespace: string, code: unknown): string | undefined {
  if (typeof code !== "string" || !code) return undefined;
  const key = `${namespace}.${code}` as Parameters<Translator["has"]>[0];
  return t.has(key) ? t(key) : undefined;
}

function dataOf(failure: unknown): ErrorData | undefined {
  return (failure as { data?: ErrorData } | null)?.data;
}

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/** An engine's rejection by its code ("refusals" for Machiavelox, "classic.refusals"). */
export function engineRefusalText(
  t: Translator,
  namespace: "refusals" | "classic.refusals",
  code: unknown,
  reason: string,
): string {
  return wordFor(t, namespace, code) ?? reason;
}

/** A local table's rejection (tutorial, preview, guest, puzzles): its code in the reader's words. */
export function rejectionText(
  t: Translator,
  namespace: "refusals" | "classic.refusals",
  rejection: { code: unknown; reason: string },
): string {
  return engineRefusalText(t, namespace, rejection.code, rejection.reason);
}

/**
 * A table command the server refused, for both tables' send paths: "connection lost" when no
 * answer came at all (never "Failed to fetch"), else the engine's code in the reader's words.
 */
export function commandRefusalText(
  t: Translator,
  namespace: "refusals" | "classic.refusals",
  failure: unknown,
): string {
  if (failure instanceof TRPCClientError && failure.data === undefined) return t("table.offline");
  return engineRefusalText(t, namespace, dataOf(failure)?.engineCode, messageOf(failure));
}

/** The sentence for an account error's code (such as a taken name), or undefined. */
export function accountErrorText(failure: unknown, t: Translator): string | undefined {
  return wordFor(t, "site.account.accountErrors", dataOf(failure)?.accountCode);
}

/** A site refusal (src/server/refusals.ts) in the reader's words, or undefined. */
function refusalText(refusal: RefusalData | null | undefined, t: Translator): string | undefined {
  if (!refusal) return undefined;
  const key = `site.refusals.${refusal.code}` as const;
  if (!t.has(key)) return undefined;
  // The catalog's arguments are positional, as the server sends them: {0}, {1}…
  const args: (string | number)[] = [...refusal.args].map((a) => a ?? "");
  if (refusal.code === "BANNED") {
    const endsAt = refusal.args[1];
    args[1] = banEnd(t, endsAt === null ? null : new Date(endsAt));
  }
  return t(key, Object.fromEntries(args.map((a, i) => [i, a])) as never);
}

/** The most precise sentence the catalog has for `failure`, else the server's own. */
export function errorText(failure: unknown, t: Translator): string {
  const data = dataOf(failure);
  return (
    wordFor(t, "refusals", data?.engineCode) ??
    accountErrorText(failure, t) ??
    refusalText(data?.refusal, t) ??
    wordFor(t, "site.errors", data?.code) ??
    messageOf(failure)
  );
}

/** One failed check of the sign-up form (signUpInput) in the reader's words. */
export function signUpIssueText(issue: z.core.$ZodIssue, t: Translator): string {
  const field = issue.path[0] === "name" ? "name" : "password";
  switch (issue.code) {
    case "too_small":
      return t(`site.account.fieldIssues.${field}.short`, { min: Number(issue.minimum) });
    case "too_big":
      return field === "name"
        ? t("site.account.fieldIssues.name.long", { max: Number(issue.maximum) })
        : t("site.account.fieldIssues.password.long", { maxBytes: PASSWORD_MAX_BYTES });
    case "invalid_format":
      return t("site.account.fieldIssues.name.chars");
    case "custom":
      return t("site.account.fieldIssues.password.long", { maxBytes: PASSWORD_MAX_BYTES });
    default:
      return t(`site.account.fieldIssues.${field}.missing`);
  }
}

/** A refused sign-in in the reader's words (said on the server: next-auth passes on only a message). */
export function signInRefusalText(error: { refusal: SignInRefusal }, t: Translator): string {
  const refusal = error.refusal;
  switch (refusal.code) {
    case "WRONG_CREDENTIALS":
      return t("site.account.signInRefusals.wrong");
    case "TOO_MANY_FAILURES":
      return t("site.account.signInRefusals.tooMany", { minutes: refusal.minutes });
    case "BANNED":
      return t("site.account.signInRefusals.banned", {
        end: banEnd(t, refusal.ban.endsAt),
        reason: refusal.ban.reason,
      });
  }
}
