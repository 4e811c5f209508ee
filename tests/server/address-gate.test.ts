import { describe, expect, it } from "vitest";
import { AddressGate } from "@/server/address-gate";

function gateAt(perSecond: number) {
  let now = 0;
  const gate = new AddressGate(perSecond, () => now);
  return { gate, wait: (ms: number) => (now += ms) };
}

describe("the address gate", () => {
  it("lets an address burst five seconds' worth, then its rate, and each address apart", () => {
    const { gate, wait } = gateAt(4);
    expect(Array.from({ length: 21 }, () => gate.admit("a"))).toEqual([
      ...Array(20).fill(true),
      false,
    ]);
    expect(gate.retryAfter("a")).toBe(1);
    expect(gate.admit("b")).toBe(true);
    wait(250);
    expect(gate.admit("a")).toBe(true);
    expect(gate.admit("a")).toBe(false);
    // Refused requests do not dig the hole deeper: a second later, four more pass.
    wait(1000);
    expect(Array.from({ length: 5 }, () => gate.admit("a"))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("remembers a bounded number of addresses, even when a flood comes from many", () => {
    const { gate } = gateAt(1);
    for (let i = 0; i < 50_000; i++) gate.admit(`10.0.${i >> 8}.${i & 255}`);
    const buckets = (gate as unknown as { buckets: Map<string, unknown> }).buckets;
    expect(buckets.size).toBeLessThanOrEqual(10_000);
    // The newest addresses are still held to their allowance.
    const last = "10.0.195.79";
    expect(Array.from({ length: 5 }, () => gate.admit(last)).filter(Boolean)).toHaveLength(4);
  });
});
