import type { Logger } from "pino";

/** The first retry's wait; each failure in a row doubles it, up to `MAX_MS`. */
const FIRST_MS = 500;
const MAX_MS = 60_000;
/** Failures in a row logged as warnings; beyond, errors: a write that keeps failing needs someone. */
const WARNINGS = 4;

/**
 * Logs the `failures`-th failure in a row of a write that must not be lost (with `fields`,
 * its match id), and schedules `retry` after a backoff.
 */
export function retryLater(
  logger: Logger,
  failures: number,
  fields: Record<string, unknown>,
  message: string,
  retry: () => void,
): NodeJS.Timeout {
  return setTimeout(retry, backoff(logger, failures, fields, message));
}

/** Logs the failure as `retryLater` does, and answers the wait before its retry (a match's clock schedules it). */
export function backoff(
  logger: Logger,
  failures: number,
  fields: Record<string, unknown>,
  message: string,
): number {
  const retryMs = Math.min(MAX_MS, FIRST_MS * 2 ** (failures - 1));
  logger[failures <= WARNINGS ? "warn" : "error"]({ ...fields, failures, retryMs }, message);
  return retryMs;
}
