// The hand, the draw stock and the staging area (§4): drawing a card, and
// declaring cards into the staging area or taking them back to the hand.

import { cardName } from "./cards";
import { type CommandHandlers, reject } from "./commands";
import { emit } from "./draft";
import { dropHoldIfUndeclared, ensurePlay } from "./play";
import { handOf, returnToHand, takeFromHand } from "./state";

export const stagingCommands: CommandHandlers<"draw" | "stage" | "unstage"> = {
  draw(draft, seat) {
    const { state } = draft;
    const player = state.players[seat]!;
    if (player.staging.length > 0)
      return reject(
        "staging-not-empty",
        "you cannot draw while your staging area holds cards (§5.3)",
      );
    const card = player.stock.shift();
    if (card === undefined) return reject("stock-empty", "your stock is empty (§4)");
    player.hand.push(card);
    player.achieved.drawn = true;
    state.progressAt = state.now;
    emit(draft, { type: "drew", seat, card, forced: false });
    return null;
  },

  stage(draft, seat, { card }) {
    const { state } = draft;
    if (!handOf(state, seat).includes(card))
      return reject("card-not-here", `${cardName(card)} is not in your hand`);
    takeFromHand(state, seat, card);
    state.players[seat]!.staging.push(card);
    ensurePlay(draft, seat);
    emit(draft, { type: "staged", seat, card });
    return null;
  },

  unstage(draft, seat, { card }) {
    const { state } = draft;
    const player = state.players[seat]!;
    if (!player.staging.includes(card))
      return reject("card-not-here", `${cardName(card)} is not in your staging area`);
    player.staging = player.staging.filter((c) => c !== card);
    returnToHand(state, seat, [card]);
    emit(draft, { type: "unstaged", seat, card });
    dropHoldIfUndeclared(draft, seat);
    return null;
  },
};
