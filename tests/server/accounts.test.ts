import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/server/accounts/password";
import { hasRole, parseRole } from "@/server/accounts/roles";
import { nameKey, signUpInput } from "@/protocol/accounts";

function problems(input: unknown) {
  const result = signUpInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("sign-up validation", () => {
  it("accepts 3 to 20 letters, digits, _ and -", () => {
    expect(problems({ name: "ada", password: "12345678" })).toEqual([]);
    expect(problems({ name: "Lorenzo_de-Medici_20", password: "12345678" })).toEqual([]);
  });

  it.each([
    ["", "A name has at least 3 characters."],
    ["ab", "A name has at least 3 characters."],
    ["n".repeat(21), "A name has at most 20 characters."],
    ["two words", "Use only letters, digits, _ and -."],
    ["émile", "Use only letters, digits, _ and -."],
  ])("refuses the name %j: %s", (name, message) => {
    expect(problems({ name, password: "12345678" })).toEqual([message]);
  });

  it("refuses a password under 8 characters or over bcrypt's 72 bytes", () => {
    expect(problems({ name: "ada", password: "1234567" })).toEqual([
      "A password has at least 8 characters.",
    ]);
    expect(problems({ name: "ada", password: "é".repeat(37) })).toEqual([
      "A password has at most 72 bytes.",
    ]);
  });

  it("names are one player whatever their case", () => {
    expect(nameKey(" Alice ")).toBe(nameKey("alice"));
  });
});

describe("passwords", () => {
  it("are stored salted and hashed, and only the right one verifies", async () => {
    const [first, second] = await Promise.all([
      hashPassword("open sesame"),
      hashPassword("open sesame"),
    ]);
    expect(first).not.toContain("open sesame");
    expect(first).not.toBe(second);
    expect(await verifyPassword("open sesame", first!)).toBe(true);
    expect(await verifyPassword("open sesamE", first!)).toBe(false);
  });

  it.runIf(existsSync("/proc/thread-self"))(
    "are hashed by threads of the lowest priority, so a flood of them yields to the live games",
    async () => {
      await hashPassword("open sesame");
      const niceness = readdirSync("/proc/self/task").map((thread) => {
        const stat = readFileSync(`/proc/self/task/${thread}/stat`, "utf8");
        // After the command's closing parenthesis, niceness is the 17th field.
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
      });
      expect(niceness).toContain(19);
    },
  );
});

describe("roles", () => {
  it("an admin may do what a moderator may, a moderator what a player may", () => {
    expect(hasRole("ADMIN", "MODERATOR")).toBe(true);
    expect(hasRole("MODERATOR", "MODERATOR")).toBe(true);
    expect(hasRole("MODERATOR", "ADMIN")).toBe(false);
    expect(hasRole("PLAYER", "MODERATOR")).toBe(false);
  });

  it("command-line role names are read in any case; others are not roles", () => {
    expect(parseRole("moderator")).toBe("MODERATOR");
    expect(parseRole("Admin")).toBe("ADMIN");
    expect(parseRole("king")).toBeUndefined();
  });
});
