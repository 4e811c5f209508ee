// What a scenario run reports (../shared/scenario-format.md): both runners, Machiavelox's and
// classic's, fill it in.

import type { GameState } from "../game";
import type { PlayerStatus } from "../state";

export interface ScenarioResult {
  time: number;
  table: { id: number; cards: string[] }[];
  players: Record<
    string,
    {
      hand: string[];
      /** Machiavelox only (classic has no staging areas and one shared stock). */
      staging?: string[];
      stock?: number;
      status: PlayerStatus;
      score: number | null;
    }
  >;
  hand: { over: boolean; winner: string | null; draw: string[] | null; reason: string | null };
  /** Only once a tie-break has started (§10.2): who plays it and the shared pile. */
  tiebreak?: { players: string[]; pile: string[] };
  /** Only in a long game (§13). */
  game?: {
    hand: number;
    phase: GameState["phase"];
    totals: Record<string, number>;
    over: boolean;
    winner: string | null;
    draw: string[] | null;
    reason: string | null;
  };
  /** Classic only: whose turn it is (null once the hand is over), the shared stock's size, Tahiti's face-up cards. */
  turn?: string | null;
  stock?: number;
  faceUp?: string[];
  rejected: { step: number; reason: string }[];
  notices: { to: string; at: number; text: string }[];
  /** Only when the file has an "expect" block: what did not match. */
  expect?: { passed: boolean; failures: string[] };
}
