import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorText, signInRefusalText, signUpIssueText } from "@/i18n/errors";
import { CATALOGS, translator } from "@/i18n/catalog";
import { signUpInput } from "@/protocol/accounts";
import { SignInError } from "@/server/auth/sign-in";

// catalog-parity.test.ts keeps both catalogs' keys and arguments alike; these tests check that the
// Italian is really Italian, and that the server's codes reach each reader in their language.

const en = translator("en");
const it_ = translator("it");

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
  "Bot {n}",
  "{n} s",
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

/** A message with no words of its own: only arguments and punctuation ("{name} ({level})"). */
const wordless = (message: string) => !/\p{L}/u.test(message.replace(/\{[^{}]*\}/g, ""));

describe("i18n catalogs", () => {
  it("every Italian text differs from the English one, but for words the two languages share", () => {
    const untranslated = leaves(CATALOGS.en, CATALOGS.it).filter(
      (pair) =>
        typeof pair.en === "string" &&
        pair.en === pair.it &&
        !SAME_IN_BOTH.has(pair.en) &&
        !wordless(pair.en),
    );
    expect(untranslated.map((pair) => pair.path)).toEqual([]);
  });

  it("the nav names every section in both languages", () => {
    expect(CATALOGS.it.nav).toMatchObject({ moderation: "Moderazione", signOut: "Esci" });
  });

  it("plurals follow each language's rules", () => {
    expect(en("site.profile.hands", { n: 1 })).toBe("1 hand");
    expect(en("site.profile.hands", { n: 0 })).toBe("0 hands");
    expect(it_("site.profile.hands", { n: 1 })).toBe("1 mano");
    expect(it_("classic.cards", { n: 2 })).toBe("2 carte");
  });
});

describe("errors by their code", () => {
  it("an engine refusal is said by its rejection code in both languages, never by the engine's reason", () => {
    const refused = failure("5♥ is not in your hand", {
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

  it("a refused sign-in is said by its refusal code in both languages", () => {
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
      "Il tuo account è sospeso fino al 1 dic 2026, 18:30 UTC: insulti",
    );
    const forever = new SignInError({ code: "BANNED", ban: { ...ban, endsAt: null } }, "banned");
    expect(signInRefusalText(forever, it_)).toBe(
      "Il tuo account è sospeso senza scadenza: insulti",
    );
  });

  it("a site refusal is said by its code and arguments in both languages, dates in the reader's way", () => {
    const banned = failure("You are banned from matchmaking until 2026-12-01 18:30 UTC: quits", {
      code: "FORBIDDEN",
      refusal: { code: "BANNED", args: ["ABANDONMENT", "2026-12-01T18:30:00.000Z", "quits"] },
    });
    expect(errorText(banned, en)).toBe(
      "You are banned from matchmaking until Dec 1, 2026, 18:30 UTC: quits",
    );
    expect(errorText(banned, it_)).toBe(
      "Sei escluso dalle partite classificate fino al 1 dic 2026, 18:30 UTC: quits",
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
