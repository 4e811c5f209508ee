// A bot seat for the live tests and `npm run bench:live`: it keeps a model of what its seat
// knows (its snapshot, then its events) and picks a random action that is legal as far as that
// model can tell. Events do not say everything (a split's new melds, say), so the model can be
// stale; the server then refuses the action with the engine's reason and the bot forgets what
// proved wrong. The engine offers no "random legal action for this view" helper yet.

import type { GameEvent, GameView } from "@/server/matches/engine";
import type { StreamMessage } from "@/server/matches/live-match";

export type BotAction = { name: ActionName; input: Record<string, unknown> };
export type ActionName =
  | "draw"
  | "stage"
  | "unstage"
  | "lay"
  | "add"
  | "take"
  | "move"
  | "release"
  | "place"
  | "end"
  | "cancel";

export class BotSeat {
  hand = new Set<number>();
  staging: number[] = [];
  melds = new Map<number, Set<number>>();
  holding: number | null = null;
  playOpen = false;
  stockCount = 0;
  /** The hand has ended, or the seat no longer plays it. */
  over = false;
  /** Who shows up, as far as this seat heard (§11). */
  present: boolean[] = [];
  /** The last event id this seat received. */
  lastEventId = 0;

  constructor(
    readonly seat: number,
    private readonly random: () => number,
  ) {}

  receive(id: string, message: StreamMessage): void {
    this.lastEventId = Number(id);
    if (message.type === "snapshot") {
      if (message.view) this.reset(message.view);
      this.over = message.match.status === "ENDED";
    } else if (message.type === "events") {
      for (const event of message.events) this.apply(event);
    } else {
      this.over = message.match.status === "ENDED";
    }
  }

  /** The server refused an action: what the model believed about its target is wrong. */
  refused(action: BotAction): void {
    const { meld, to, from, card } = action.input;
    for (const id of [meld, to, from]) if (typeof id === "number") this.melds.delete(id);
    if (typeof card === "number" && (action.name === "take" || action.name === "move"))
      for (const cards of this.melds.values()) cards.delete(card);
  }

  next(): BotAction {
    const pick = <T>(items: readonly T[]): T | undefined =>
      items[Math.floor(this.random() * items.length)];
    const handCard = pick([...this.hand]);
    const stagedCard = pick(this.staging);
    const meldIds = [...this.melds.keys()];
    const meld = pick(meldIds);
    const tableCard = meld === undefined ? undefined : pick([...this.melds.get(meld)!]);
    const declared = this.staging.length > 0;
    const candidates: (BotAction | false | undefined)[] = [
      !declared && this.stockCount > 0 && { name: "draw", input: {} },
      !declared && this.stockCount > 0 && { name: "draw", input: {} },
      handCard !== undefined && { name: "stage", input: { card: handCard } },
      handCard !== undefined && { name: "stage", input: { card: handCard } },
      stagedCard !== undefined && { name: "unstage", input: { card: stagedCard } },
      this.staging.length >= 3 && { name: "lay", input: {} },
      !declared &&
        handCard !== undefined &&
        meld !== undefined && { name: "add", input: { card: handCard, meld } },
      declared &&
        this.holding === null &&
        tableCard !== undefined &&
        meld !== undefined && { name: "take", input: { card: tableCard, meld } },
      declared &&
        tableCard !== undefined &&
        meld !== undefined && {
          name: "move",
          input: { card: tableCard, from: meld, to: pick(meldIds) ?? "new" },
        },
      this.holding !== null && { name: "release", input: {} },
      stagedCard !== undefined && {
        name: "place",
        input: { card: stagedCard, to: this.random() < 0.3 ? "new" : (meld ?? "new") },
      },
      this.playOpen && { name: "end", input: {} },
      this.playOpen && this.random() < 0.3 && { name: "cancel", input: {} },
    ];
    const legal = candidates.filter((action): action is BotAction => !!action);
    return pick(legal) ?? { name: "draw", input: {} };
  }

  private reset(view: GameView) {
    const you = view.you;
    this.hand = new Set(you?.hand ?? []);
    this.staging = [...(you?.staging ?? [])];
    this.stockCount = you?.stockCount ?? 0;
    this.melds = new Map(
      view.table.map((meld) => [meld.id, new Set(meld.cards.map((c) => c.card))]),
    );
    this.present = view.seats.map((seat) => seat.present);
    const mine = view.seats[this.seat];
    this.holding = mine?.holding ?? null;
    this.playOpen = mine?.play !== null && mine?.play !== undefined;
  }

  private onTable(card: number, meld: number) {
    for (const cards of this.melds.values()) cards.delete(card);
    let cards = this.melds.get(meld);
    if (!cards) this.melds.set(meld, (cards = new Set()));
    cards.add(card);
  }

  private apply(event: GameEvent) {
    const mine = "seat" in event && event.seat === this.seat;
    switch (event.type) {
      case "drew":
        if (mine && event.card !== null) {
          this.hand.add(event.card);
          this.stockCount--;
        }
        break;
      case "staged":
        if (mine) {
          this.hand.delete(event.card);
          this.staging.push(event.card);
        }
        break;
      case "unstaged":
        if (mine) {
          this.staging = this.staging.filter((card) => card !== event.card);
          this.hand.add(event.card);
        }
        break;
      case "playStarted":
        if (mine) this.playOpen = true;
        break;
      case "laid":
        this.melds.set(event.meld, new Set(event.cards));
        if (mine) this.staging = this.staging.filter((card) => !event.cards.includes(card));
        break;
      case "added":
        this.onTable(event.card, event.meld);
        if (mine) this.hand.delete(event.card);
        break;
      case "placed":
        this.onTable(event.card, event.meld);
        if (mine) this.staging = this.staging.filter((card) => card !== event.card);
        break;
      case "took":
        if (mine) this.holding = event.card;
        break;
      case "released":
        if (mine) this.holding = null;
        break;
      case "moved":
        this.onTable(event.card, event.to);
        if (mine) this.holding = null;
        break;
      case "split":
        // Which cards went where is not in the event: forget the melds until they are used.
        this.melds.delete(event.meld);
        for (const id of event.into) this.melds.delete(id);
        break;
      case "playEnded":
        if (mine) {
          this.playOpen = false;
          this.staging = this.staging.filter((card) => !event.returned.includes(card));
          for (const card of event.returned) this.hand.add(card);
        }
        break;
      case "presence":
        this.present[event.seat] = event.present;
        break;
      case "undone":
        for (const { card, to } of event.cards) {
          for (const cards of this.melds.values()) cards.delete(card);
          if (typeof to === "number") this.onTable(card, to);
          else if (mine && to === "hand") this.hand.add(card);
          else if (mine) this.staging.push(card);
        }
        break;
    }
  }
}
