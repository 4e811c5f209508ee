// The live server streams either a hand's view or, for a match of several hands, the
// game's view wrapping it (§13). The table shows the hand and, between hands, the standings.

import { type GameView, type HandView } from "@/engine";

export type Standings = Omit<GameView, "hand">;

export function splitGameView(view: HandView | GameView): {
  hand: HandView;
  game: Standings | null;
} {
  if (!("hand" in view)) return { hand: view, game: null };
  const { hand, ...game } = view;
  return { hand, game };
}
