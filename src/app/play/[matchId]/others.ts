// Who else sat at a table, for what a player can do with them once it is over.

import { isBotHolder, type MatchInfo } from "@/protocol/stream";

/** The other players at the table, by name: never a bot's own seat; a player a bot stood in for, yes. */
export function otherPlayers(info: Pick<MatchInfo, "seats">, you: number): string[] {
  return info.seats.flatMap((holder, seat) =>
    holder && seat !== you && !isBotHolder(holder) ? [holder.name] : [],
  );
}
