import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/server/env";

const SECRET = "s".repeat(32);

function failure(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("expected the environment to be refused");
}

describe("environment", () => {
  it("nothing set: the embedded database on localhost:3000", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({
      NODE_ENV: "development",
      HOST: "localhost",
      PORT: 3000,
      DATA_DIR: ".data",
      TRUST_PROXY: false,
    });
  });

  it("sign-ups per address and hour: 30 unless the site sets a whole number of at least 1", () => {
    expect(parseEnv({}).SIGN_UPS_PER_HOUR).toBe(30);
    expect(parseEnv({ SIGN_UPS_PER_HOUR: "200" }).SIGN_UPS_PER_HOUR).toBe(200);
    expect(failure({ SIGN_UPS_PER_HOUR: "0" })).toMatch(/SIGN_UPS_PER_HOUR must be at least 1/);
    expect(failure({ SIGN_UPS_PER_HOUR: "2.5" })).toMatch(
      /SIGN_UPS_PER_HOUR must be a whole number/,
    );
  });

  it("an empty variable counts as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("reads PORT, HOST, a PostgreSQL URL with its secret, and flags", () => {
    const env = parseEnv({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgresql://app@db.internal:5432/machiavelox",
      NEXTAUTH_SECRET: SECRET,
      TRUST_PROXY: "1",
    });
    expect(env).toMatchObject({ PORT: 8080, HOST: "0.0.0.0", TRUST_PROXY: true });
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid environment: PORT must be a port number (got "abc")'],
    [{ PORT: "70000" }, 'Invalid environment: PORT must be from 1 to 65535 (got "70000")'],
    [{ PORT: "3.5" }, 'Invalid environment: PORT must be a whole number (got "3.5")'],
    [
      { NODE_ENV: "prod" },
      'Invalid environment: NODE_ENV must be one of development, production, test (got "prod")',
    ],
  ])("a wrong setting stops start-up with one line naming it: %o", (source, message) => {
    expect(failure(source)).toBe(message);
  });

  it("DATABASE_URL must be PostgreSQL, and is never echoed (it may hold a password)", () => {
    const message = failure({
      DATABASE_URL: "mysql://root:hunter2@db/app",
      NEXTAUTH_SECRET: SECRET,
    });
    expect(message).toBe("Invalid environment: DATABASE_URL must be a postgresql:// URL");
    expect(message).not.toContain("hunter2");
  });

  it("SMTP_URL must be smtp:// or smtps://, and is never echoed; mail has a default sender", () => {
    const message = failure({ SMTP_URL: "https://mailer:hunter2@mail.example.com" });
    expect(message).toBe("Invalid environment: SMTP_URL must be an smtp:// or smtps:// URL");
    expect(message).not.toContain("hunter2");
    const env = parseEnv({ SMTP_URL: "smtps://mailer:hunter2@mail.example.com:465" });
    expect(env.SMTP_URL).toBe("smtps://mailer:hunter2@mail.example.com:465");
    expect(env.MAIL_FROM).toMatch(/^Machiavelox </);
  });

  it("a shared database needs an explicit session secret", () => {
    expect(failure({ DATABASE_URL: "postgres://app@db/app" })).toMatch(
      /^Invalid environment: NEXTAUTH_SECRET is required with DATABASE_URL/,
    );
    expect(failure({ NEXTAUTH_SECRET: "too short" })).toBe(
      "Invalid environment: NEXTAUTH_SECRET must be at least 32 characters",
    );
  });

  it("REDIS_URL is a redis:// URL, never echoed, and only beside a shared PostgreSQL", () => {
    const message = failure({ REDIS_URL: "http://:hunter2@cache:6379" });
    expect(message).toMatch(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(message).not.toContain("hunter2");
    expect(failure({ REDIS_URL: "redis://cache:6379" })).toMatch(/REDIS_URL needs DATABASE_URL/);
    const env = parseEnv({
      REDIS_URL: "redis://cache:6379",
      DATABASE_URL: "postgres://app@db/app",
      NEXTAUTH_SECRET: SECRET,
    });
    expect(env.REDIS_URL).toBe("redis://cache:6379");
  });

  it("a fast match clock is for the e2e server only: it needs DEAL_SEED", () => {
    expect(parseEnv({}).MATCH_CLOCK_SCALE).toBe(1);
    expect(parseEnv({ MATCH_CLOCK_SCALE: "10", DEAL_SEED: "98" }).MATCH_CLOCK_SCALE).toBe(10);
    expect(failure({ MATCH_CLOCK_SCALE: "10" })).toBe(
      'Invalid environment: MATCH_CLOCK_SCALE is for tests only: it needs DEAL_SEED (the e2e server) (got "10")',
    );
    expect(failure({ MATCH_CLOCK_SCALE: "0.5", DEAL_SEED: "98" })).toBe(
      'Invalid environment: MATCH_CLOCK_SCALE must be at least 1 (got "0.5")',
    );
  });
});
