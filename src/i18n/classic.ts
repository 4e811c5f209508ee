// The classic table's words in English and Italian; messages.ts nests them under
// `classic`. Typed alike: a missing Italian word is a type error.

import { type ClassicRejectionCode, type Variant } from "@/engine/classic";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const classicEn = {
  title: "Classic Machiavelli",
  joker: "Joker",
  variants: {
    "thirty-six": "Thirty-Six",
    guadalupe: "Guadalupe",
    tahiti: "Tahiti",
    "draw-first": "Draw first",
  } as Record<Variant, string>,
  round: (n: number) => `Round ${n}`,
  players: "Players",
  yourTurn: "Your turn",
  turnOf: (who: string) => `${who}'s turn`,
  noLimit: "no time limit",
  cards: (n: number) => plural(n, "card", "cards"),
  stock: (n: number) => `Stock: ${n}`,
  total: (points: number) => `${points} pts`,
  opened: "opened",
  notOpened: "not opened",
  opening: (points: number, needed: number) => `Opening: ${points} of ${needed} points`,
  combination: (n: number, count: number) => `Combination ${n}, ${plural(count, "card", "cards")}`,
  kinds: { set: "set", run: "run" },
  touched: "being worked on",
  inCombination: (card: string, n: number) => `${card}, combination ${n}`,
  newSpace: "New space: drop a card here to start a combination",
  faceUp: "Face-up cards",
  faceUpCard: (card: string) => `${card}, face up`,
  fromHand: (who: string, n: number) =>
    `${who}: ${plural(n, "card", "cards")} from the hand this turn`,
  tableStands: "The table stands: you can end the turn.",
  tableInvalid: "Some combinations are not valid yet: fix them, or reset the turn.",
  actions: {
    draw: "Draw",
    pass: "Pass",
    undo: "Undo step",
    reset: "Reset turn",
    end: "End turn",
    ready: "Ready for the next round",
  },
  hand: {
    title: "Your hand",
    waiting: "Arrange your hand while you wait.",
    empty: "No cards in your hand.",
  },
  news: {
    failed: (who: string, reason: string, penalty: number, own: boolean) =>
      `${own ? "Your move failed" : `${who}'s move failed`}: ${reason}. The table is put back as it was and ${own ? "you draw" : `${who} draws`} ${plural(penalty, "penalty card", "penalty cards")}.`,
    failedShort: (penalty: number) => `failed move: +${penalty}`,
    played: (who: string, n: number) => `${who} played ${plural(n, "card", "cards")}`,
    drew: (who: string) => `${who} drew a card`,
    passed: (who: string) => `${who} passed`,
    timeUp: (who: string) => `${who}'s time ran out`,
  },
  end: {
    title: (n: number) => `End of round ${n}`,
    out: (who: string) => `${who} went out`,
    blocked: (who: string) =>
      `The stock ran out and nobody could play: ${who} has the fewest cards`,
    draw: "A tie for fewest cards",
    player: "Player",
    penalty: "This round",
    total: "Total",
    target: (points: number) => `The game ends when someone reaches ${points} points.`,
    ready: "Ready",
    waiting: "Waiting for the others…",
    readyCount: (n: number, of: number) => `${n} of ${of} ready`,
    next: "Next round in",
    gameOver: "Game over",
    winner: (who: string) => `${who} wins the game`,
    tie: (who: string) => `A tie: ${who}`,
  },
  dnd: {
    instructions:
      "To move a card: press Enter on it, then Enter on where it goes (a combination, the new space or your hand). Or press Space to pick it up, the arrow keys to move it and Space to drop it; Escape cancels.",
    places: {
      hand: "your hand",
      new: "the new space",
      combination: (n: number) => `combination ${n}`,
    },
  },
  hint: {
    none: "No placement found: none of your cards can go onto the table now. Draw a card.",
    started:
      "You have started your turn: the Hint plans from the table as your turn began. Reset the turn to ask it.",
    aceRule: "The Hint knows only the Ace low or high: this game plays another Ace rule.",
    combination: (n: number) => `combination ${n}`,
    newCombination: "new combination",
    newWith: (card: string) => `the new combination with ${card}`,
    faceUp: (card: string) => `the face-up ${card}`,
    steps: {
      put: (card: string, to: string) => `put ${card} on ${to}`,
      start: (card: string) => `start a new combination with ${card}`,
      move: (card: string, from: string, to: string) => `move ${card} from ${from} to ${to}`,
      moveNew: (card: string, from: string) =>
        `move ${card} from ${from} to start a new combination`,
      end: "end your turn",
    },
  },
  refusals: null as Record<ClassicRejectionCode, string> | null,
};

export type ClassicMessages = typeof classicEn;

export const classicIt: ClassicMessages = {
  title: "Machiavelli classico",
  joker: "Jolly",
  variants: {
    "thirty-six": "Trentasei",
    guadalupe: "Guadalupa",
    tahiti: "Tahiti",
    "draw-first": "Prima si pesca",
  },
  round: (n) => `Smazzata ${n}`,
  players: "Giocatori",
  yourTurn: "Tocca a te",
  turnOf: (who) => `Tocca a ${who}`,
  noLimit: "senza limite di tempo",
  cards: (n) => plural(n, "carta", "carte"),
  stock: (n) => `Mazzo: ${n}`,
  total: (points) => `${points} punti`,
  opened: "ha aperto",
  notOpened: "non ha aperto",
  opening: (points, needed) => `Apertura: ${points} punti su ${needed}`,
  combination: (n, count) => `Combinazione ${n}, ${plural(count, "carta", "carte")}`,
  kinds: { set: "tris/poker", run: "scala" },
  touched: "in lavorazione",
  inCombination: (card, n) => `${card}, combinazione ${n}`,
  newSpace: "Spazio nuovo: lascia qui una carta per iniziare una combinazione",
  faceUp: "Carte scoperte",
  faceUpCard: (card) => `${card}, scoperta`,
  fromHand: (who, n) => `${who}: ${plural(n, "carta", "carte")} dalla mano in questo turno`,
  tableStands: "Il tavolo è in regola: puoi finire il turno.",
  tableInvalid: "Alcune combinazioni non sono ancora valide: sistemale o annulla il turno.",
  actions: {
    draw: "Pesca",
    pass: "Passa",
    undo: "Annulla mossa",
    reset: "Annulla turno",
    end: "Fine turno",
    ready: "Pronto per la prossima smazzata",
  },
  hand: {
    title: "La tua mano",
    waiting: "Intanto puoi ordinare la tua mano.",
    empty: "Non hai carte in mano.",
  },
  news: {
    failed: (who, reason, penalty, own) =>
      `${own ? "La tua mossa non è valida" : `La mossa di ${who} non è valida`}: ${reason}. Il tavolo torna com'era e ${own ? "peschi" : `${who} pesca`} ${plural(penalty, "carta", "carte")} di penalità.`,
    failedShort: (penalty) => `mossa fallita: +${penalty}`,
    played: (who, n) => `${who} ha giocato ${plural(n, "carta", "carte")}`,
    drew: (who) => `${who} ha pescato`,
    passed: (who) => `${who} ha passato`,
    timeUp: (who) => `Il tempo di ${who} è scaduto`,
  },
  end: {
    title: (n) => `Fine della smazzata ${n}`,
    out: (who) => `${who} ha chiuso`,
    blocked: (who) => `Il mazzo è finito e nessuno poteva giocare: ${who} ha meno carte`,
    draw: "Parità per il minor numero di carte",
    player: "Giocatore",
    penalty: "Questa smazzata",
    total: "Totale",
    target: (points) => `La partita finisce quando qualcuno arriva a ${points} punti.`,
    ready: "Pronto",
    waiting: "In attesa degli altri…",
    readyCount: (n, of) => `${n} su ${of} pronti`,
    next: "Prossima smazzata tra",
    gameOver: "Partita finita",
    winner: (who) => `${who} vince la partita`,
    tie: (who) => `Parità: ${who}`,
  },
  dnd: {
    instructions:
      "Per spostare una carta: premi Invio su di essa, poi Invio dove deve andare (una combinazione, lo spazio nuovo o la tua mano). Oppure premi Spazio per prenderla, le frecce per spostarla e Spazio per lasciarla; Esc annulla.",
    places: {
      hand: "la tua mano",
      new: "lo spazio nuovo",
      combination: (n) => `combinazione ${n}`,
    },
  },
  hint: {
    none: "Nessuna giocata trovata: ora nessuna tua carta può andare in tavola. Pesca una carta.",
    started:
      "Hai già iniziato il turno: il suggerimento parte dal tavolo com'era all'inizio del turno. Annulla il turno per chiederlo.",
    aceRule:
      "Il suggerimento conosce solo l'Asso basso o alto: questa partita usa un'altra regola dell'Asso.",
    combination: (n) => `combinazione ${n}`,
    newCombination: "nuova combinazione",
    newWith: (card) => `nuova combinazione con ${card}`,
    faceUp: (card) => `${card} scoperta`,
    steps: {
      put: (card, to) => `metti ${card} nella ${to}`,
      start: (card) => `inizia una nuova combinazione con ${card}`,
      move: (card, from, to) => `sposta ${card} dalla ${from} alla ${to}`,
      moveNew: (card, from) => `sposta ${card} dalla ${from} in una nuova combinazione`,
      end: "termina il turno",
    },
  },
  refusals: {
    malformed: "Azione non valida.",
    "bad-time": "Orario non valido.",
    "unknown-seat": "Questo posto non è in questa partita.",
    "not-your-turn": "Non è il tuo turno.",
    "round-over": "La smazzata è finita: la prossima non è ancora iniziata.",
    "game-over": "La partita è finita.",
    "not-between-rounds": "Non siamo tra due smazzate.",
    "card-not-here": "Quella carta non è lì.",
    "no-such-combination": "Quella combinazione non è più in tavola.",
    "not-the-table": "Quel tavolo non torna con le carte in gioco.",
    "nothing-from-hand": "Gioca almeno una carta dalla tua mano, oppure pesca.",
    "started-to-play":
      "Hai iniziato a giocare: non si gioca e si pesca nello stesso turno (finisci o annulla il turno).",
    "must-draw": "Puoi passare solo a mazzo vuoto: pesca o gioca.",
    "drew-first": "Hai già pescato la carta di questo turno: gioca o passa.",
    "not-opened":
      "Prima dell'apertura da 36 punti non puoi toccare le combinazioni in tavola, né usare carte scoperte.",
    "table-cards-stay": "Le carte del tavolo non tornano mai in mano.",
    "nothing-to-undo": "Non c'è niente da annullare in questo turno.",
  },
};
