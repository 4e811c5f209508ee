import type { IncomingMessage, ServerResponse } from "node:http";
import pino from "pino";
import { db } from "./db/client";
import { startEmbeddedPostgres } from "./db/embedded";
import { migrate, pendingMigrations } from "./db/migrate";
import { EnvError, parseEnv, type Env } from "./env";
import { createAppServer } from "./http";
import { startLiveMatches } from "./matches/registry";
import { resumePracticeBots } from "./bots/practice";
import { lobbies } from "./games/lobby";
import { startAgora } from "./agora/agora";
import { limitSignUps } from "./accounts/limits";
import { logMailer, setMailer, smtpMailer } from "./mail";
import { loadPuzzles } from "./puzzles/store";
import { connectRedis } from "./redis";
import { localSecret } from "./local-secret";
import { shareLimits } from "./limits";
import { siteBus } from "./site-bus";
import { connections } from "./connections";
import { SharedPresence } from "./presence";

function readEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Next.js: the pages, and every request that is not the API's. */
async function nextApp(env: Env) {
  const { default: next } = await import("next");
  const app = next({ dev: env.NODE_ENV !== "production", hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  return {
    handle: (req: IncomingMessage, res: ServerResponse) => void handle(req, res),
    close: () => app.close(),
  };
}

/**
 * Boots the whole app in this process: database, migrations, live matches, Next.js, tRPC;
 * stops it on a signal. With `pages: false` it serves the API alone (tests, benchmarks):
 * Next's development server allows one instance per folder.
 */
export async function main({ pages = true }: { pages?: boolean } = {}) {
  const env = readEnv();
  const log = pino({ level: env.LOG_LEVEL });
  // Next and React pick their build (development or production) from NODE_ENV when loaded.
  Object.assign(process.env, { NODE_ENV: env.NODE_ENV, NEXT_TELEMETRY_DISABLED: "1" });

  let database: { url: string; stop: () => Promise<void> } | undefined;
  const stopDatabase = async () => {
    if (!database) return;
    await db().$disconnect();
    await database.stop();
  };
  try {
    database = env.DATABASE_URL
      ? { url: env.DATABASE_URL, stop: async () => undefined }
      : await startEmbeddedPostgres(env.DATA_DIR, (message) => log.info(message));
    process.env.DATABASE_URL = database.url;
    if (env.DATABASE_URL) {
      const pending = await pendingMigrations(database.url);
      if (pending.length > 0) {
        throw new Error(
          `the database lacks migrations ${pending.join(", ")}: run npm run db:migrate`,
        );
      }
    } else {
      for (const name of await migrate(database.url)) log.info(`applied migration ${name}`);
    }
    process.env.NEXTAUTH_SECRET = env.NEXTAUTH_SECRET ?? (await localSecret(env.DATA_DIR));
    process.env.NEXTAUTH_URL = env.NEXTAUTH_URL ?? `http://${env.HOST}:${env.PORT}`;
    const origin = new URL(process.env.NEXTAUTH_URL).origin;
    const redis = env.REDIS_URL
      ? await connectRedis(env.REDIS_URL, log, env.REDIS_PREFIX)
      : undefined;
    if (redis) {
      shareLimits(redis);
      await siteBus().connect(redis);
      connections().share(new SharedPresence(redis, env.NODE_ID));
    }
    limitSignUps(env.SIGN_UPS_PER_HOUR);
    if (env.SMTP_URL) setMailer(smtpMailer(origin, env.SMTP_URL, env.MAIL_FROM, log));
    else {
      setMailer(logMailer(origin, log));
      log.info("SMTP_URL is unset: account mails (verification and reset links) go to this log");
    }

    const puzzles = await loadPuzzles(db());
    if (puzzles > 0) log.info(`loaded ${puzzles} puzzles`);

    const live = await startLiveMatches(db(), log, env, redis);
    resumePracticeBots(live);
    live.whenTaken(() => resumePracticeBots(live));
    // Hosted from the start: other nodes ask this one about the lobbies of the matches it owns.
    lobbies(db());
    const agora = await startAgora(db(), live, log, redis && { redis, nodeId: env.NODE_ID });

    const app = pages ? await nextApp(env) : undefined;
    const appServer = createAppServer({
      trustProxy: env.TRUST_PROXY,
      siteOrigin: process.env.NEXTAUTH_URL,
      log,
      requestsPerSecond: env.REQUESTS_PER_SECOND,
      fallback: app ? app.handle : (_req, res) => res.writeHead(404).end(),
    });
    await new Promise<void>((resolve, reject) => {
      appServer.server.once("error", reject);
      appServer.server.listen(env.PORT, env.HOST, resolve);
    });
    log.info(`Machiavelox is ready on ${process.env.NEXTAUTH_URL}`);

    let stopping = false;
    const shutdown = async (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      log.info(`${signal}: shutting down`);
      await agora.stop();
      await live.shutdown();
      await appServer.close();
      await app?.close();
      connections().unshare();
      siteBus().disconnect();
      await redis?.quit();
      await stopDatabase();
      log.info("stopped");
      process.exit(0);
    };
    process.on("SIGTERM", shutdown);
    process.on("SIGINT", shutdown);
  } catch (error) {
    log.fatal(error instanceof Error ? error.message : String(error));
    await stopDatabase();
    process.exit(1);
  }
}
