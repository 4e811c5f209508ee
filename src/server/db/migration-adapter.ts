import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";

// The Prisma CLI (6.19.3) runs its WebAssembly schema engine through this driver adapter,
// because the native schema engine cannot be downloaded on our machines. Three gaps of
// @prisma/adapter-pg are closed here; see ../shared/notes/database-offline.md.

type PgAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;

const NAME_OID = 19;
const CHAR_OID = 18;
const TEXT_OID = 25;

function catalogTypesAsText(result: unknown): unknown {
  for (const one of Array.isArray(result) ? result : [result]) {
    for (const field of (one as pg.QueryResult | undefined)?.fields ?? []) {
      if (field.dataTypeID === NAME_OID || field.dataTypeID === CHAR_OID) {
        field.dataTypeID = TEXT_OID;
      }
    }
  }
  return result;
}

/** The adapter cannot read the catalog types `name` and `"char"` (prisma/orm#27403): report them as text. */
class CatalogClient extends pg.Client {
  // pg's query() has many overloads; the pool calls it with a callback, others with a promise.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (err: Error | null, res: unknown) =>
        callback(err, err ? res : catalogTypesAsText(res));
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const pending = (super.query as (...a: unknown[]) => unknown)(...args);
    return pending instanceof Promise ? pending.then(catalogTypesAsText) : pending;
  }
}

/**
 * The engine replays migration.sql through executeRaw as one multi-statement string:
 * send argument-less SQL with the simple query protocol, which accepts several statements.
 */
function withScripts(adapter: PgAdapter): PgAdapter {
  const pool = adapter.underlyingDriver();
  const executeRaw = adapter.executeRaw.bind(adapter);
  const runScript = async (sql: string) => {
    const result: pg.QueryResult | pg.QueryResult[] = await pool.query(sql);
    return Array.isArray(result) ? 0 : (result.rowCount ?? 0);
  };
  adapter.executeRaw = (query) =>
    query.args.length === 0 ? runScript(query.sql) : executeRaw(query);
  adapter.executeScript = async (script) => {
    await runScript(script);
  };
  return adapter;
}

function poolConfig(connectionString: string): pg.PoolConfig {
  // allowExitOnIdle: the CLI never disposes the adapter, and an idle pool must not keep it alive.
  return {
    connectionString,
    Client: CatalogClient,
    allowExitOnIdle: true,
    idleTimeoutMillis: 1000,
  };
}

export function migrationAdapter(url: string) {
  const factory = new PrismaPg(poolConfig(url));
  return {
    provider: "postgres" as const,
    adapterName: factory.adapterName,
    connect: async () => withScripts(await factory.connect()),
    /** A throw-away database of our own; the stock one is dropped while still connected. */
    connectToShadowDb: async () => {
      const shadow = new URL(url);
      const name = `prisma_shadow_${process.pid}_${Date.now()}`;
      shadow.pathname = `/${name}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const adapter = withScripts(await new PrismaPg(poolConfig(shadow.href)).connect());
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      };
      return adapter;
    },
  };
}
