// The live server streams either a hand's view or, for a match of several hands, the
// game's view wrapping it (§13). The table shows the hand and, between hands, the standings.

import { type GameView, type HandView } from "@/engine";
import type { ClassicView } from "@/engine/classic";
import { isClassicView } from "@/protocol/stream";

export type Standings = Omit<GameView, "hand">;

/** A Machiavelox view (a classic game's has its own table: src/components/classic). */
export function machiaveloxView<V extends HandView | GameView>(view: V | ClassicView): V {
  if (isClassicView(view)) throw new Error("a classic game's view at a Machiavelox table");
  return view;
}

export function splitGameView(input: HandView | GameView | ClassicView): {
  hand: HandView;
  game: Standings | null;
} {
  const view = machiaveloxView(input);
  if (!("hand" in view)) return { hand: view, game: null };
  const { hand, ...game } = view;
  return { hand, game };
}
