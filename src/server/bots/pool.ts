// Bot decisions and hints run in worker threads, so the live matches' event loop
// never waits for a solver (the hard bot's can take about a second on a dense
// table). Each job has a time budget: a thread that overruns it is ended and
// replaced, and the job fails with ThinkingTimeout.

import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { type Job, type JobResult, runJob } from "./thinking";

/** Runs a job within `ms` milliseconds: in worker threads on the server, in process in tests. */
export type Thinker = <J extends Job>(job: J, ms: number) => Promise<JobResult<J>>;

/** Thinking on the caller's thread, without a time limit (tests with fake timers). */
export const thinkInProcess: Thinker = async (job) => runJob(job);

export class ThinkingTimeout extends Error {
  override name = "ThinkingTimeout";
}

type Task = {
  job: Job;
  ms: number;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
};

/** The worker's TypeScript, loaded through tsx as the server itself is (`node --import tsx`). */
const ENTRY = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, "worker.ts")).href)}); });`;

export class ThinkingPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Task[] = [];
  private busy = 0;
  private closed = false;

  constructor(private readonly size: number) {}

  run<J extends Job>(job: J, ms: number): Promise<JobResult<J>> {
    if (this.closed) return Promise.reject(new Error("the thinking pool is closed"));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, ms, resolve: resolve as (result: unknown) => void, reject });
      this.pump();
    });
  }

  /** Ends every thread; queued jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error("the thinking pool is closed"));
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0 && (this.idle.length > 0 || this.busy < this.size)) {
      const worker = this.idle.pop() ?? new Worker(ENTRY, { eval: true });
      // Threads never keep the process alive: a server stops when its matches do.
      worker.unref();
      this.busy++;
      this.dispatch(worker, this.queue.shift()!);
    }
  }

  private dispatch(worker: Worker, task: Task): void {
    const finish = (keep: boolean) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      this.busy--;
      if (keep && !this.closed) this.idle.push(worker);
      else void worker.terminate();
      this.pump();
    };
    const onMessage = (result: unknown) => {
      finish(true);
      task.resolve(result);
    };
    const onError = (error: unknown) => {
      finish(false);
      task.reject(error);
    };
    const timer = setTimeout(() => {
      finish(false);
      task.reject(new ThinkingTimeout(`no answer within ${task.ms} ms`));
    }, task.ms);
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.postMessage(task.job);
  }
}

// One pool per process (Next bundles route handlers apart from the server tsx loads).
const shared = globalThis as typeof globalThis & { machiaveloxThinking?: ThinkingPool };

/** The process's pool: one thread per core but one, left to the event loop; at least one. */
export function thinkingPool(): ThinkingPool {
  return (shared.machiaveloxThinking ??= new ThinkingPool(
    Math.max(1, Math.min(4, availableParallelism() - 1)),
  ));
}

/** Thinking in the process's pool. */
export const thinkOffThread: Thinker = (job, ms) => thinkingPool().run(job, ms);
