import { z } from "zod";

// Every setting the server reads, checked once at start-up (the t3 `createEnv` way): a wrong or
// missing one stops the server with one line naming the variable and the reason.

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(", ")}` });

const flag = oneOf(["true", "false", "1", "0"]).transform(
  (value) => value === "true" || value === "1",
);

/** Never echoed back in an error: they hold credentials. */
const SECRET = new Set(["DATABASE_URL", "NEXTAUTH_SECRET", "SMTP_URL", "REDIS_URL"]);

export const envSchema = z
  .object({
    NODE_ENV: oneOf(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("localhost"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(1, "must be from 1 to 65535")
      .max(65535, "must be from 1 to 65535")
      .default(3000),
    /** Unset: the embedded database in DATA_DIR. Set: that PostgreSQL, migrated with `npm run db:migrate`. */
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" })
      .optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    /**
     * Set when the site runs as several nodes: what they share (the way to each match's owner,
     * limits, the agora's queue, presence, the site's messages) goes through this Redis. Unset:
     * one process keeps it in memory.
     */
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" })
      .optional(),
    /**
     * What every Redis key and channel of this site starts with: several sites (or test runs)
     * may share one Redis under different prefixes.
     */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{0,64}$/, "must be up to 64 letters, digits, or . _ : -")
      .default("machiavelox:"),
    /** Signs the session cookies; generated and kept in DATA_DIR when unset on the embedded default. */
    NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** The address players use, when it is not http://HOST:PORT (e.g. behind a proxy). */
    NEXTAUTH_URL: z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).optional(),
    /**
     * Behind one reverse proxy: take the client address from the last X-Forwarded-For entry,
     * the one the proxy added (docs/deploy.md).
     */
    TRUST_PROXY: flag.default(false),
    /** Test only (the e2e server): every new hand is dealt from this seed, so a test knows the deal. */
    DEAL_SEED: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(0)
      .optional(),
    /** Test only (the e2e server): the bots' reaction times are multiplied by this; 1 is a human pace. */
    BOT_REACTION_SCALE: z.coerce
      .number({ error: "must be a number" })
      .positive("must be above 0")
      .max(1, "must be at most 1")
      .default(1),
    /**
     * Test only (the e2e server): a practice table started with `fastClock` runs its match clock
     * this many times faster than real time, so the rules' minutes pass in seconds.
     */
    MATCH_CLOCK_SCALE: z.coerce
      .number({ error: "must be a number" })
      .min(1, "must be at least 1")
      .max(1000, "must be at most 1000")
      .default(1),
    /**
     * The SMTP server for account mails (email verification, password resets), e.g.
     * smtps://user:password@mail.example.com:465. Unset: the mails, links included, go to the log.
     */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
      .optional(),
    /** The sender of those mails. */
    MAIL_FROM: z.string().min(3).default("Machiavelox <no-reply@machiavelox.invalid>"),
    /** Sign-ups one address may make an hour (a school or a company behind one address: more). */
    SIGN_UPS_PER_HOUR: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .default(30),
    /**
     * Requests and socket openings one address may send a second, in bursts of five seconds'
     * worth: far above what a household or an office of players needs, far below a flood.
     */
    REQUESTS_PER_SECOND: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .default(40),
    /**
     * This server node's name among the site's (docs/live-server.md, Ownership): the owner of
     * the matches it holds. A node started again under its name takes them back at once.
     */
    NODE_ID: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, "must be 1 to 64 letters, digits, or . _ : -")
      .default("local"),
    LOG_LEVEL: oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default(
      "info",
    ),
  })
  .superRefine((env, ctx) => {
    // A fast clock is for the e2e server, which deals from DEAL_SEED; never for real players.
    if (env.MATCH_CLOCK_SCALE !== 1 && env.DEAL_SEED === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["MATCH_CLOCK_SCALE"],
        message: "is for tests only: it needs DEAL_SEED (the e2e server)",
      });
    }
    if (env.REDIS_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message:
          "needs DATABASE_URL (the nodes of a site share one PostgreSQL, never the embedded one)",
      });
    }
    if (env.DATABASE_URL && !env.NEXTAUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["NEXTAUTH_SECRET"],
        message: "is required with DATABASE_URL (every server node must sign sessions alike)",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment; unset and empty variables are the same (a `FOO=` line in a shell). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const reasons = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const given = SECRET.has(name) ? undefined : source[name];
    return `${name} ${issue.message}${given === undefined ? "" : ` (got "${given}")`}`;
  });
  throw new EnvError(`Invalid environment: ${reasons.join("; ")}`);
}
