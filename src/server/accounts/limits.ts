// How often one client or account may ask for costly or mailing account actions; counted
// before the work is done, so requests fired at once cannot pass together.

import { RateLimiterRes } from "rate-limiter-flexible";
import { Limit } from "../limits";
import { AccountError } from "./accounts";

const HOUR = 60 * 60;

export const SIGN_UPS_PER_HOUR = 30;
export const RESET_REQUESTS_PER_HOUR = 10;
/** Mails one account may be sent an hour, whoever asks: no one can flood a mailbox. */
export const MAILS_PER_ACCOUNT_PER_HOUR = 3;

const signUpLimiter = (perHour: number) =>
  new Limit({ keyPrefix: "sign-up", points: perHour, duration: HOUR });
export let signUps = signUpLimiter(SIGN_UPS_PER_HOUR);

/** The site's own limit (SIGN_UPS_PER_HOUR): players behind one shared address may need more. */
export function limitSignUps(perHour: number): void {
  signUps = signUpLimiter(perHour);
}
export const resetRequests = new Limit({
  keyPrefix: "reset-request",
  points: RESET_REQUESTS_PER_HOUR,
  duration: HOUR,
});
export const accountMails = new Limit({
  keyPrefix: "account-mail",
  points: MAILS_PER_ACCOUNT_PER_HOUR,
  duration: HOUR,
});

/** Takes one request from `key`'s allowance, or refuses with the wait in minutes. */
export async function spend(limiter: Limit, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    const minutes = Math.ceil(refused.msBeforeNext / 60_000);
    throw new AccountError(
      "TOO_MANY_REQUESTS",
      `Too many requests: try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
}

/** Whether `key` may have one more; spends it if so (for answers that must not differ). */
export function trySpend(limiter: Limit, key: string): Promise<boolean> {
  return limiter.consume(key).then(
    () => true,
    (refused: unknown) => {
      if (refused instanceof RateLimiterRes) return false;
      throw refused;
    },
  );
}
