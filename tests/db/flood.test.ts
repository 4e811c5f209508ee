import { monitorEventLoopDelay } from "node:perf_hooks";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { SIGN_UPS_PER_HOUR, signUps } from "@/server/accounts/limits";
import { signIn } from "@/server/auth/sign-in";
import { appRouter } from "@/server/routers/_app";
import { createCallerFactory } from "@/server/trpc";
import { contextFor, newPlayer, testDb, uniqueName } from "./helpers";

// Password hashing costs about 0.1 s of CPU (far more on a loaded machine): on the event loop,
// a flood of sign-ups and sign-ins stalled every live game for seconds.

const db = testDb();
const callerFrom = (address: string) =>
  createCallerFactory(appRouter)({ ...contextFor(db), clientAddress: address });

/** The longest the event loop was held, and the slowest cheap tRPC call, while `work` ran. */
async function stallDuring(work: Promise<unknown>) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let slowestCall = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      // Timed from when it was due: a call that waits behind a stall is a slow call.
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      await callerFrom("probe").account.me();
      slowestCall = Math.max(slowestCall, performance.now() - due);
    }
  })();
  await work.finally(() => (done = true));
  await probe;
  loop.disable();
  return { loopMs: loop.max / 1e6, slowestCall };
}

describe("floods", () => {
  it("16 sign-ups and 16 sign-ins from as many addresses at once leave the event loop free", async () => {
    const player = await newPlayer(db);
    const flood = Promise.all([
      ...Array.from({ length: 16 }, (_, i) =>
        callerFrom(`signer-up-${i}`).account.signUp({
          name: uniqueName(),
          password: "a good password",
        }),
      ),
      ...Array.from({ length: 16 }, (_, i) =>
        signIn(db, `guesser-${i}`, { name: player.name, password: `guess ${i}` }).catch(
          () => undefined,
        ),
      ),
    ]);
    const { loopMs, slowestCall } = await stallDuring(flood);
    // Hashing on the loop held it 3.6 s here (load 13 on 2 cores); off it, 0.07–0.3 s: the
    // database round trips and a busy machine. The bound is loose for such machines.
    expect(loopMs).toBeLessThan(1000);
    expect(slowestCall).toBeLessThan(1000);
  });

  it("sign-ups fired at once past an address's hourly allowance are refused before hashing", async () => {
    const address = "sign-up-flooder";
    await signUps.consume(address, SIGN_UPS_PER_HOUR - 2);
    const before = await db.user.count();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        callerFrom(address)
          .account.signUp({ name: uniqueName(), password: "a good password" })
          .then(
            () => "created",
            (error: TRPCError) => error.code,
          ),
      ),
    );
    expect(answers.filter((answer) => answer === "created")).toHaveLength(2);
    expect(answers.filter((answer) => answer === "TOO_MANY_REQUESTS")).toHaveLength(8);
    expect(await db.user.count()).toBe(before + 2);
  });
});
