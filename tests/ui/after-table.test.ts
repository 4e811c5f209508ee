import { describe, expect, it } from "vitest";
import { otherPlayers } from "@/app/play/[matchId]/others";

describe("at a finished table", () => {
  it("a friend request is offered to each other player, never to a bot nor to yourself; a player a bot stood in for is still a player", () => {
    const seats = [
      { userId: "u1", name: "Ada" },
      { userId: "bot:m:1", name: "Bot 1", bot: "hard" },
      { userId: "u2", name: "Bea", bot: "medium" },
      null,
      { userId: "u3", name: "Cleo" },
    ];
    expect(otherPlayers({ seats }, 0)).toEqual(["Bea", "Cleo"]);
    expect(otherPlayers({ seats }, 4)).toEqual(["Ada", "Bea"]);
  });
});
