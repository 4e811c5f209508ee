import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorText, signInRefusalText, signUpIssueText } from "@/i18n/errors";
import { dictionary } from "@/i18n/messages";
import { signUpInput } from "@/protocol/accounts";
import { SignInError } from "@/server/auth/sign-in";

// The types already give both dictionaries the same keys; these tests check what types cannot:
// that the Italian is really Italian, and that server sentences reach an Italian reader in Italian.

const en = dictionary("en");
const it_ = dictionary("it");

/** Words that are the same in both languages. */
const SAME_IN_BOTH = new Set([
  "English",
  "Italiano",
  "Stop!",
  "Tahiti",
  "Machiavelli,",
  "Machiavelox",
  "Password",
  "Link:",
  "Replay",
  "Tutorial",
  ".",
]);

type Pair = { path: string; en: unknown; it: unknown };

function leaves(a: unknown, b: unknown, path = ""): Pair[] {
  if (a && b && typeof a === "object" && typeof b === "object")
    return Object.keys(a).flatMap((key) =>
      leaves(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
      ),
    );
  return [{ path, en: a, it: b }];
}

/** A failure as the tRPC client hands it over, with the server's error data. */
function failure(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32600, data } });
}

describe("i18n dictionaries", () => {
  it("every Italian text differs from the English one, but for words the two languages share", () => {
    const untranslated = leaves(en, it_).filter(
      (pair) => typeof pair.en === "string" && pair.en === pair.it && !SAME_IN_BOTH.has(pair.en),
    );
    expect(untranslated.map((pair) => pair.path)).toEqual([]);
  });

  it("where English shows the server's own sentence (null), Italian has its own words", () => {
    const missing = leaves(en, it_).filter((pair) => pair.en === null && !pair.it);
    expect(missing.map((pair) => pair.path)).toEqual([]);
  });

  it("the nav names every section in both languages", () => {
    expect(Object.keys(en.nav)).toEqual(Object.keys(it_.nav));
    expect(it_.nav).toMatchObject({ moderation: "Moderazione", signOut: "Esci" });
  });
});

describe("errors by their code", () => {
  it("an engine refusal is said in Italian by its rejection code; English keeps the engine's reason", () => {
    const refused = failure("That card is not there.", {
      code: "CONFLICT",
      engineCode: "card-not-here",
    });
    expect(errorText(refused, en)).toBe("That card is not there.");
    expect(errorText(refused, it_)).toBe("Quella carta non è lì.");
  });

  it("a taken name is said in Italian by its account error code", () => {
    const taken = failure("That name is taken.", { code: "CONFLICT", accountCode: "NAME_TAKEN" });
    expect(errorText(taken, en)).toBe("That name is taken.");
    expect(errorText(taken, it_)).toBe("Questo nome è già preso.");
  });

  it("a tRPC code with one meaning is said in Italian; one with many keeps the server's sentence", () => {
    expect(errorText(failure("Sign in first.", { code: "UNAUTHORIZED" }), it_)).toBe(
      "Prima accedi.",
    );
    expect(errorText(failure("No game has this code.", { code: "NOT_FOUND" }), it_)).toBe(
      "No game has this code.",
    );
  });

  it("a refused sign-in is said in Italian by its refusal code; English keeps the server's sentence", () => {
    const wrong = new SignInError({ code: "WRONG_CREDENTIALS" }, "Wrong name or password.");
    expect(signInRefusalText(wrong, en)).toBe("Wrong name or password.");
    expect(signInRefusalText(wrong, it_)).toBe("Nome o password errati.");
    const tooMany = new SignInError({ code: "TOO_MANY_FAILURES", minutes: 1 }, "Too many");
    expect(signInRefusalText(tooMany, it_)).toBe(
      "Troppi accessi falliti da qui. Riprova tra un minuto.",
    );
    const ban = {
      kind: "MODERATOR" as const,
      reason: "insulti",
      endsAt: new Date("2026-12-01T18:30Z"),
    };
    expect(signInRefusalText(new SignInError({ code: "BANNED", ban }, "banned"), it_)).toBe(
      "Il tuo account è sospeso fino al 2026-12-01 18:30 UTC: insulti",
    );
    const forever = new SignInError({ code: "BANNED", ban: { ...ban, endsAt: null } }, "banned");
    expect(signInRefusalText(forever, it_)).toBe(
      "Il tuo account è sospeso senza scadenza: insulti",
    );
  });

  it("a site refusal is said in Italian by its code and arguments; English keeps the server's sentence", () => {
    const banned = failure("You are banned from matchmaking until 2026-12-01 18:30 UTC: quits", {
      code: "FORBIDDEN",
      refusal: { code: "BANNED", args: ["ABANDONMENT", "2026-12-01T18:30:00.000Z", "quits"] },
    });
    expect(errorText(banned, en)).toBe(
      "You are banned from matchmaking until 2026-12-01 18:30 UTC: quits",
    );
    expect(errorText(banned, it_)).toBe(
      "Sei escluso dalle partite classificate fino al 2026-12-01 18:30 UTC: quits",
    );
    const outranked = failure("A moderator cannot act on a admin.", {
      code: "FORBIDDEN",
      refusal: { code: "OUTRANKED", args: ["MODERATOR", "ADMIN"] },
    });
    expect(errorText(outranked, it_)).toBe("Un moderatore non può agire su un amministratore.");
    const unknown = failure("Something new.", {
      code: "CONFLICT",
      refusal: { code: "NOT_A_CODE", args: [] },
    });
    expect(errorText(unknown, it_)).toBe("Something new.");
  });

  it("an error that is not the server's keeps its message", () => {
    expect(errorText(new Error("offline"), it_)).toBe("offline");
  });
});

describe("the sign-up form's checks", () => {
  const messages = (input: unknown, t = it_) => {
    const parsed = signUpInput.safeParse(input);
    if (parsed.success) throw new Error("expected a refusal");
    return z.flattenError(parsed.error, (issue) => signUpIssueText(issue, t)).fieldErrors;
  };

  it("say each problem with the name and the password in Italian", () => {
    expect(messages({ name: "ab", password: "short" })).toEqual({
      name: ["Un nome ha almeno 3 caratteri."],
      password: ["Una password ha almeno 8 caratteri."],
    });
    expect(messages({ name: "a".repeat(21), password: "é".repeat(40) })).toEqual({
      name: ["Un nome ha al massimo 20 caratteri."],
      password: ["Una password ha al massimo 72 byte."],
    });
    expect(messages({ name: "ada lovelace", password: "long enough" })).toEqual({
      name: ["Usa solo lettere, cifre, _ e -."],
    });
    expect(messages({})).toEqual({ name: ["Scegli un nome."], password: ["Scegli una password."] });
  });

  it("keep the schema's own sentences in English", () => {
    expect(messages({ name: "ab", password: "short" }, en)).toEqual({
      name: ["A name has at least 3 characters."],
      password: ["A password has at least 8 characters."],
    });
  });
});
