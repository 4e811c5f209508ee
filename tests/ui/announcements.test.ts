import { describe, expect, it } from "vitest";
import type { Active, Over } from "@dnd-kit/core";
import { dragAnnouncements } from "@/components/table/announcements";
import { cards } from "@/engine/cards";
import { translator } from "@/i18n/catalog";

const [sevenOfClubs] = cards("7C") as [number];
const active = { id: `hand:${sevenOfClubs}` } as Active;
const over = (id: string) => ({ id }) as Over;

describe("screen readers hear card names and places, never drag ids", () => {
  it("in English", () => {
    const { announcements } = dragAnnouncements(translator("en"));
    expect(announcements.onDragStart({ active })).toBe("Picked up 7 of clubs.");
    expect(announcements.onDragOver({ active, over: over("meld:3") })).toBe(
      "7 of clubs is over meld 3.",
    );
    expect(announcements.onDragEnd({ active, over: over("staging") })).toBe(
      "7 of clubs dropped on your staging area.",
    );
    expect(announcements.onDragEnd({ active, over: null })).toBe("7 of clubs dropped on nothing.");
  });

  it("in Italian", () => {
    const { announcements } = dragAnnouncements(translator("it"));
    expect(announcements.onDragEnd({ active, over: over("new") })).toBe(
      "7 di fiori lasciata nello spazio libero.",
    );
  });

  it("name a meld by the number the player sees (its place on the table), not the engine's id", () => {
    const seen = new Map([[5, 3]]);
    const { announcements } = dragAnnouncements(translator("en"), (id) => seen.get(id) ?? id);
    expect(announcements.onDragOver({ active, over: over("meld:5") })).toBe(
      "7 of clubs is over meld 3.",
    );
  });
});
