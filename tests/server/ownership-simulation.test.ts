// The ownership protocol (leases.ts, the fenced append of event-log.ts) simulated in virtual
// time: nodes that pause, die, start again under their name, stop, or are taken for dead by
// another (rightly or not: Redis lost them), each believing what its own memory says, against a database whose statements are atomic (the row lock of the real
// append makes them so: tests/db/match-leases.test.ts). Whatever happens, no match's log is
// ever written by two owners.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { choose, LEASE_MS, RENEW_MS } from "@/server/matches/leases";

const NODES = 4;
const MATCHES = 3;

type Event =
  | { do: "tick"; ms: number }
  | { do: "pause"; node: number; ms: number }
  | { do: "kill"; node: number }
  | { do: "start"; node: number }
  | { do: "stop"; node: number }
  | { do: "expire"; node: number }
  | { do: "claim"; node: number; match: number }
  | { do: "append"; node: number; match: number };

/** The database: one lease row and one log per match, one lease per node. */
type Row = { node: string; epoch: number };
type Entry = { seq: number; epoch: number; writer: number };

/** One run of a node (its name survives a restart, its memory does not). */
type Incarnation = {
  id: number;
  name: string;
  /** What this run believes it owns: the epoch, and the next seq it read or wrote. */
  owns: Map<number, { epoch: number; next: number }>;
  pausedUntil: number;
  renewedAt: number;
};

/** Plays `events` and answers the ways the logs went wrong (none, the protocol holding). */
function simulate(events: Event[], fenced = true): string[] {
  let now = 0;
  let incarnations = 0;
  const leases = new Map<number, Row>();
  const nodeLeases = new Map<string, number>();
  const aliveNode = (name: string) => (nodeLeases.get(name) ?? -Infinity) > now;
  const logs = Array.from({ length: MATCHES }, () => [] as Entry[]);
  /** Every run alive, a paused one too: a node started again while its former run was only paused has two. */
  let alive: Incarnation[] = [];
  const runsOf = (node: number) => alive.filter((run) => run.name === `node-${node}`);
  const awakeRunsOf = (node: number) => runsOf(node).filter((run) => run.pausedUntil <= now);

  // The statements of leases.ts and event-log.ts, each atomic.
  const acquire = (run: Incarnation, match: number) => {
    nodeLeases.set(run.name, now + LEASE_MS);
    const row = leases.get(match);
    if (row && row.node !== run.name && aliveNode(row.node)) return;
    const epoch = (row?.epoch ?? 0) + 1;
    leases.set(match, { node: run.name, epoch });
    // The match is loaded after its lease is taken: its log as it stands then.
    run.owns.set(match, { epoch, next: logs[match]!.length + 1 });
  };
  const renew = (run: Incarnation) => {
    nodeLeases.set(run.name, now + LEASE_MS);
    for (const [match, held] of run.owns) {
      const row = leases.get(match)!;
      if (row.epoch !== held.epoch || row.node !== run.name) run.owns.delete(match);
    }
    run.renewedAt = now;
  };
  const append = (run: Incarnation, match: number) => {
    const held = run.owns.get(match);
    if (!held) return;
    const log = logs[match]!;
    const current = leases.get(match)!.epoch === held.epoch && log.length + 1 === held.next;
    if (fenced && !current) {
      run.owns.delete(match);
      return;
    }
    log.push({ seq: held.next, epoch: held.epoch, writer: run.id });
    held.next++;
  };

  for (const event of events) {
    switch (event.do) {
      case "tick": {
        // A node awake all along renews on its timer; one that wakes meanwhile may do anything
        // else first (its timers fire in any order), and renews at the next tick.
        const awake = alive.filter((run) => run.pausedUntil <= now);
        now += event.ms;
        for (const run of awake) if (now - run.renewedAt >= RENEW_MS) renew(run);
        break;
      }
      case "pause": {
        const run = runsOf(event.node).at(-1);
        if (run) run.pausedUntil = Math.max(run.pausedUntil, now + event.ms);
        break;
      }
      case "kill": {
        const oldest = runsOf(event.node)[0];
        alive = alive.filter((run) => run !== oldest);
        break;
      }
      case "start": {
        // A supervisor starts the node again unless it answers: a paused run stays, a zombie.
        if (awakeRunsOf(event.node).length > 0) break;
        const run: Incarnation = {
          id: ++incarnations,
          name: `node-${event.node}`,
          owns: new Map(),
          pausedUntil: now,
          renewedAt: now,
        };
        alive.push(run);
        // Start-up: every unfinished match whose lease it may take (registry.restore).
        for (let match = 0; match < MATCHES; match++) acquire(run, match);
        break;
      }
      case "stop":
        for (const run of awakeRunsOf(event.node)) {
          nodeLeases.set(run.name, now);
          alive = alive.filter((one) => one !== run);
        }
        break;
      case "expire": {
        const name = `node-${event.node}`;
        if (aliveNode(name)) nodeLeases.set(name, now);
        break;
      }
      case "claim":
        for (const run of awakeRunsOf(event.node))
          if (!run.owns.has(event.match)) acquire(run, event.match);
        break;
      case "append":
        for (const run of awakeRunsOf(event.node)) append(run, event.match);
        break;
    }
  }

  // An owner is one run under one epoch: each epoch has one writer, and once a later epoch
  // wrote, no earlier one writes again, so two owners' entries never interleave. Each entry
  // follows the one before (its writer knew the whole log).
  const wrong: string[] = [];
  logs.forEach((log, match) => {
    const writerOf = new Map<number, number>();
    log.forEach((entry, index) => {
      const at = `match ${match}, entry ${index + 1}`;
      if (entry.seq !== index + 1) wrong.push(`${at}: seq ${entry.seq}`);
      if (writerOf.has(entry.epoch) && writerOf.get(entry.epoch) !== entry.writer)
        wrong.push(`${at}: epoch ${entry.epoch} written by two runs`);
      writerOf.set(entry.epoch, entry.writer);
      if (index > 0 && entry.epoch < log[index - 1]!.epoch)
        wrong.push(`${at}: an earlier owner wrote after a later one`);
    });
  });
  return wrong;
}

const node = fc.nat({ max: NODES - 1 });
const match = fc.nat({ max: MATCHES - 1 });
const event: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ do: fc.constant("tick"), ms: fc.integer({ min: 1, max: 3_000 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      do: fc.constant("pause"),
      node,
      ms: fc.integer({ min: 1, max: 12_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("kill"), node }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant("start"), node }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("stop"), node }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("expire"), node }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant("claim"), node, match }) },
  { weight: 8, arbitrary: fc.record({ do: fc.constant("append"), node, match }) },
) as fc.Arbitrary<Event>;
const runs = fc.array(event, { minLength: 1, maxLength: 300, size: "max" });

describe("the ownership protocol, simulated", () => {
  it("whatever nodes pause, die, start again under their name, stop or are taken for dead, no match is ever written by two owners", () => {
    fc.assert(
      fc.property(runs, (events) => {
        expect(simulate(events)).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });

  it("without the fence, a node paused past its lease writes after the match's new owner: the simulation sees it", () => {
    const paused: Event[] = [
      { do: "start", node: 0 },
      { do: "append", node: 0, match: 0 },
      { do: "pause", node: 0, ms: 10_000 },
      { do: "tick", ms: LEASE_MS + 1 },
      { do: "start", node: 1 },
      { do: "append", node: 1, match: 0 },
      { do: "tick", ms: 10_000 },
      { do: "append", node: 0, match: 0 },
    ];
    expect(simulate(paused)).toEqual([]);
    expect(simulate(paused, false)).not.toEqual([]);
    const found = fc.check(
      fc.property(runs, (events) => simulate(events, false).length === 0),
      {
        numRuns: 2_000,
      },
    );
    expect(found.failed).toBe(true);
  });
});

describe("choosing who takes a dead node's matches", () => {
  const nodes = ["node-a", "node-b", "node-c"];
  const ids = Array.from({ length: 600 }, (_, index) => `match-${index}`);

  it("every node that knows the same live nodes chooses the same one for a match, whatever their order", () => {
    for (const id of ids) expect(choose(id, [...nodes].reverse())).toBe(choose(id, nodes));
  });

  it("the matches spread over the live nodes, and one node's death moves only its own", () => {
    const counts = nodes.map((node) => ids.filter((id) => choose(id, nodes) === node).length);
    for (const count of counts) expect(count).toBeGreaterThan(150);
    const survivors = nodes.slice(0, 2);
    for (const id of ids)
      if (choose(id, nodes) !== "node-c") expect(choose(id, survivors)).toBe(choose(id, nodes));
    expect(choose("match-0", [])).toBeUndefined();
  });
});
