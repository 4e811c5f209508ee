// Passwords are hashed with bcrypt (cost 11, about 0.1 s of CPU each) in worker threads: on the
// main thread, a flood of sign-ups or sign-ins stalled every live game for seconds.

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

const COST = 11;
/** The hashing threads' niceness: the lowest priority there is. */
const HASHING_NICENESS = 19;

type Job = { op: "hash"; password: string } | { op: "verify"; password: string; hash: string };
type Reply = { id: number; value?: string | boolean; error?: string };

// Plain CommonJS, so the same string runs from the tsx server, Next's bundle and vitest alike;
// `bcryptjs` resolves from the working directory, the project's folder (as the bots' pool does).
// Each thread lowers its own priority (Linux: a thread id is a process id to setpriority), so
// on a machine with few cores a flood's hashing yields to the event loop of the live games.
const WORKER = `
const { parentPort } = require("node:worker_threads");
const bcrypt = require("bcryptjs");
try {
  const thread = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
  require("node:os").setPriority(thread, ${HASHING_NICENESS});
} catch {}
parentPort.on("message", ({ id, op, password, hash }) => {
  try {
    const value = op === "hash" ? bcrypt.hashSync(password, ${COST}) : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});`;

type Slot = { worker: Worker; waiting: Map<number, (reply: Reply) => void> };

/** A few threads, each hashing one password at a time; requests wait on the least busy one. */
export class HashingPool {
  private readonly slots: Slot[] = [];
  private nextId = 0;

  constructor(private readonly size: number) {}

  run(job: Job): Promise<string | boolean> {
    const slot = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.waiting.set(id, (reply) => {
        if (reply.error !== undefined) reject(new Error(`password hashing failed: ${reply.error}`));
        else resolve(reply.value!);
      });
      slot.worker.postMessage({ ...job, id });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.splice(0).map(({ worker }) => worker.terminate()));
  }

  private leastBusy(): Slot {
    if (this.slots.length < this.size && !this.slots.some((slot) => slot.waiting.size === 0)) {
      const slot: Slot = { worker: new Worker(WORKER, { eval: true }), waiting: new Map() };
      // Idle threads never keep the process alive.
      slot.worker.unref();
      slot.worker.on("message", (reply: Reply) => {
        slot.waiting.get(reply.id)?.(reply);
        slot.waiting.delete(reply.id);
      });
      slot.worker.on("error", (error) => {
        // A thread that died fails what it held; the next request starts a fresh one.
        this.slots.splice(this.slots.indexOf(slot), 1);
        for (const [id, settle] of slot.waiting) settle({ id, error: String(error) });
      });
      this.slots.push(slot);
    }
    return this.slots.reduce((best, slot) => (slot.waiting.size < best.waiting.size ? slot : best));
  }
}

// One pool per process (Next bundles the sign-in route apart from the server tsx loads).
const shared = globalThis as typeof globalThis & { machiaveloxHashing?: HashingPool };

/** Half the cores, the rest left to the event loop and the bots; at least one, at most four. */
function hashingPool(): HashingPool {
  return (shared.machiaveloxHashing ??= new HashingPool(
    Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2))),
  ));
}

export async function hashPassword(password: string): Promise<string> {
  return (await hashingPool().run({ op: "hash", password })) as string;
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return (await hashingPool().run({ op: "verify", password, hash })) as boolean;
}

/**
 * Compared against when the name is unknown, so a wrong name takes as long as a wrong password
 * (a bcrypt hash of cost 11 of a phrase nobody uses, fixed so that no hashing runs at start-up).
 */
export const DECOY_HASH = "$2b$11$Wgr6SESxI4O5LHVTL9uxZOw9XEt2Zo7T2LqxP3r17.uvv1uTPSAdm";
