// A card drawn by the app: rank and suit in the corner (all that shows when cards
// overlap in a meld) and a large suit in the middle. Four-colour deck on request.

import { type CardId, rankOf, suitOf, type Seat } from "@/engine";
import { SUIT_SYMBOLS, shortName } from "./notices";

const TWO_COLOUR = {
  S: "text-stone-900",
  H: "text-red-600",
  D: "text-red-600",
  C: "text-stone-900",
};
const FOUR_COLOUR = {
  S: "text-stone-900",
  H: "text-red-600",
  D: "text-blue-700",
  C: "text-green-700",
};

/** Each seat's colour: its open play's area of the table, its name, its clock (§6). */
export const SEAT_COLOURS = [
  {
    name: "sky",
    ring: "ring-sky-500",
    bg: "bg-sky-100",
    text: "text-sky-800",
    border: "border-sky-500",
    dot: "bg-sky-500",
    outline: "outline-sky-500",
  },
  {
    name: "amber",
    ring: "ring-amber-500",
    bg: "bg-amber-100",
    text: "text-amber-800",
    border: "border-amber-500",
    dot: "bg-amber-500",
    outline: "outline-amber-500",
  },
  {
    name: "fuchsia",
    ring: "ring-fuchsia-500",
    bg: "bg-fuchsia-100",
    text: "text-fuchsia-800",
    border: "border-fuchsia-500",
    dot: "bg-fuchsia-500",
    outline: "outline-fuchsia-500",
  },
  // Classic tables seat up to 8.
  {
    name: "emerald",
    ring: "ring-emerald-500",
    bg: "bg-emerald-100",
    text: "text-emerald-800",
    border: "border-emerald-500",
    dot: "bg-emerald-500",
    outline: "outline-emerald-500",
  },
  {
    name: "rose",
    ring: "ring-rose-500",
    bg: "bg-rose-100",
    text: "text-rose-800",
    border: "border-rose-500",
    dot: "bg-rose-500",
    outline: "outline-rose-500",
  },
  {
    name: "indigo",
    ring: "ring-indigo-500",
    bg: "bg-indigo-100",
    text: "text-indigo-800",
    border: "border-indigo-500",
    dot: "bg-indigo-500",
    outline: "outline-indigo-500",
  },
  {
    name: "lime",
    ring: "ring-lime-500",
    bg: "bg-lime-100",
    text: "text-lime-800",
    border: "border-lime-500",
    dot: "bg-lime-500",
    outline: "outline-lime-500",
  },
  {
    name: "orange",
    ring: "ring-orange-500",
    bg: "bg-orange-100",
    text: "text-orange-800",
    border: "border-orange-500",
    dot: "bg-orange-500",
    outline: "outline-orange-500",
  },
] as const;

export function seatColour(seat: Seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length]!;
}

export interface CardLook {
  fourColour: boolean;
  small?: boolean;
  /** Partly covered by the next card of a meld: only the corner shows, so no middle pip. */
  covered?: boolean;
  /** Seat whose open play has this card on trial (§5.4): a dashed ring in their colour. */
  onTrialFor?: Seat | null;
  held?: boolean;
  selected?: boolean;
  pending?: boolean;
  /** Briefly shaken after the server refused the move (the visible rollback). */
  refused?: boolean;
  /** Part of the placement the Hint shows. */
  hinted?: boolean;
}

export function CardFace({ card, look }: { card: CardId; look: CardLook }) {
  const suit = suitOf(card);
  const colour = (look.fourColour ? FOUR_COLOUR : TWO_COLOUR)[suit];
  const rank = shortName(card).slice(0, -1);
  const size = look.small
    ? "h-10 w-7 text-[11px]"
    : "h-[4.25rem] w-12 text-sm sm:h-20 sm:w-14 sm:text-base";
  const trial =
    look.onTrialFor !== null && look.onTrialFor !== undefined
      ? `outline-2 outline-dashed outline-offset-1 ${seatColour(look.onTrialFor).outline}`
      : "";
  return (
    <span
      aria-hidden
      data-card={shortName(card)}
      data-card-id={card}
      data-rank={rankOf(card)}
      className={[
        "relative inline-flex shrink-0 select-none flex-col rounded-md border bg-white font-semibold leading-none shadow-sm",
        size,
        colour,
        look.selected
          ? "-translate-y-2 border-emerald-600 ring-2 ring-emerald-500"
          : look.hinted
            ? "border-amber-500 ring-2 ring-amber-400"
            : "border-stone-300",
        look.held ? "opacity-50 grayscale" : "",
        look.pending ? "opacity-70" : "",
        look.refused ? "animate-shake border-red-500 ring-2 ring-red-500" : "",
        trial,
      ].join(" ")}
    >
      <span className="px-1 pt-0.5 text-left">
        {rank}
        <br />
        {SUIT_SYMBOLS[suit]}
      </span>
      {!look.small && !look.covered && (
        <span className="absolute inset-x-0 bottom-1 text-center text-2xl sm:text-3xl">
          {SUIT_SYMBOLS[suit]}
        </span>
      )}
    </span>
  );
}
