// A thinking thread (pool.ts): runs one job at a time, off the server's event loop.

import { parentPort } from "node:worker_threads";
import { type Job, runJob } from "./thinking";

parentPort?.on("message", (job: Job) => parentPort?.postMessage(runJob(job)));
