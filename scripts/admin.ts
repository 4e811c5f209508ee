// Account administration from the command line: `npm run admin -- grant NAME moderator`.
// Works on the database the server uses: DATABASE_URL, else the embedded one in DATA_DIR
// (the running server's, or started just for this command).
import { AccountError, grantRole } from "../src/server/accounts/accounts";
import { parseRole, Role } from "../src/server/accounts/roles";
import { createDb } from "../src/server/db/client";
import { runningEmbeddedUrl, startEmbeddedPostgres } from "../src/server/db/embedded";
import { migrate } from "../src/server/db/migrate";
import { parseEnv } from "../src/server/env";

const USAGE = `usage: npm run admin -- grant NAME ${Object.values(Role).join("|").toLowerCase()}`;

async function main(args: string[]): Promise<number> {
  const [command, name, roleName] = args;
  const role = roleName === undefined ? undefined : parseRole(roleName);
  if (command !== "grant" || !name || !role || args.length !== 3) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv(process.env);
  const running = env.DATABASE_URL ?? (await runningEmbeddedUrl(env.DATA_DIR));
  const started = running ? undefined : await startEmbeddedPostgres(env.DATA_DIR, console.log);
  const url = running ?? started!.url;
  if (started) await migrate(url);
  const db = createDb(url);
  try {
    const player = await grantRole(db, name, role);
    console.log(`${player.name} is now ${player.role.toLowerCase()}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.$disconnect();
    await started?.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
