// The app's words in English and Italian: one typed dictionary per language, so a
// missing translation is a type error, not a blank on screen.

import { type RejectionCode } from "@/engine";
import { type Variant } from "@/engine/classic";
import { classicEn, classicIt } from "./classic";
import { hintEn, hintIt, levelsEn, levelsIt } from "./hint";
import type { Locale } from "./locale";
import { siteEn, siteIt } from "./site";
import { puzzlesEn, puzzlesIt } from "./puzzles";

const SUIT_NAMES_EN = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
/** A rank's name: the Ace and the court cards have names, the others are their number. */
function rankName(rank: number, [ace, jack, queen, king]: readonly string[]): string {
  return rank === 1 ? ace! : rank > 10 ? [jack, queen, king][rank - 11]! : String(rank);
}

const en = {
  language: "Language",
  languageNames: { en: "English", it: "Italiano" },
  nav: {
    practice: "Practice",
    rules: "Rules",
    friendly: "Friendly game",
    agora: "Agora",
    leaderboard: "Leaderboard",
    history: "History",
    moderation: "Moderation",
    signIn: "Sign in",
    signUp: "Sign up",
    signOut: "Sign out",
  },
  card: {
    name: (rank: number, suit: "S" | "H" | "D" | "C") =>
      `${rankName(rank, ["Ace", "Jack", "Queen", "King"])} of ${SUIT_NAMES_EN[suit]}`,
    onTrial: (who: string) => `on trial for ${who}`,
    heldBy: (who: string) => `held by ${who}`,
    reservedFor: (who: string) => `reserved for ${who}`,
    pending: "waiting for the server",
    inMeld: (card: string, meld: number) => `${card}, meld ${meld}`,
  },
  meld: {
    label: (id: number, count: number) => `Meld ${id}, ${count} cards`,
    invalid: "not a valid meld yet",
    notYetSafe: "not yet safe",
    worked: (who: string) => `being reworked by ${who}`,
    freeSpace: "Free space: drop a table card or a declared card here to start a new meld",
  },
  seat: {
    you: "You",
    hand: (n: number) => `${n} in hand`,
    stock: (n: number) => `stock ${n}`,
    staging: "Staging area",
    stagingEmpty: "empty",
    away: "away",
    awayFor: (time: string) => `away for ${time}`,
    present: "here",
    status: { playing: "playing", out: "went out", eliminated: "eliminated", left: "left" },
  },
  hand: {
    title: "Your hand",
    pile: "The shared pile",
    empty: "Your hand is empty. Draw from your stock.",
    sort: "Sort",
    bySuit: "By suit",
    byRank: "By rank",
    manual: "My order",
    moveLeft: "Move left",
    moveRight: "Move right",
  },
  stock: { label: (n: number) => `Draw (${n} left)`, empty: "Stock empty" },
  staging: {
    title: "Your staging area",
    hint: "Drop cards here to declare them. Others see them face up.",
  },
  table: {
    title: "The table",
    removed: "Out of play",
    hideRemoved: "Hide",
    showRemoved: "Removed cards",
    selected: (card: string) => `${card} selected: choose where it goes, or press Escape.`,
    rack: "Your rack",
    offline: "Connection lost: reconnecting… Your moves wait until it is back.",
    online: "Reconnected: the table is up to date.",
  },
  actions: {
    lay: "Lay the meld",
    cancel: "Cancel the meld",
    end: "End play",
    stop: "Stop!",
    leave: "Leave",
    leaveConfirm: "Leave this hand? You get −15 points and cannot come back.",
    leaveYes: "Yes, leave",
    leaveNo: "Stay",
    stopConfirm:
      "Call «Stop!»? The others freeze and you have 3 minutes to go out alone, leaving the table in order. If you do not, you are eliminated with −15 points.",
    stopYes: "Yes, call «Stop!»",
    giveUpConfirm: "Give up? You are eliminated from this hand with −15 points.",
    giveUpYes: "Yes, give up",
    notNow: "Not now",
    release: "Let go",
    giveUp: "Give up",
  },
  clocks: {
    yours: "Your clocks",
    theirs: "The others' clocks",
    play: "Your play",
    otherPlay: (who: string) => `${who}'s play`,
    hold: "Your hold",
    inactivity: "Inactivity",
    freeze: "Freeze",
    tieBreak: "Tie-break",
    pause: "Next hand in",
    absence: (who: string) => `${who} leaves in`,
  },
  notices: {
    refused: "Refused",
    undone: "Chain undo",
    dismiss: "Dismiss",
    undoText: (scope: string, moves: string, because: string) =>
      `${scope}: ${moves}, because ${because}.`,
    back: (card: string, where: string) => `${card} back to ${where}`,
    toHand: "your hand",
    toStaging: "your staging area",
    toHandOf: (who: string) => `${who}'s hand`,
    toStagingOf: (who: string) => `${who}'s staging area`,
    toMeld: (id: number) => `meld ${id}`,
    because: {
      cancelled: (who: string, own: boolean) =>
        own ? "you cancelled your play" : `${who} cancelled their play`,
      failed: (who: string, own: boolean) =>
        own ? "your play failed its judgement" : `${who}'s play failed its judgement`,
      "partly undone": (who: string, own: boolean) =>
        own ? "part of your play failed its judgement" : `part of ${who}'s play failed`,
      confirmed: (who: string) => `${who}'s play was confirmed without cards yours relied on`,
      expired: () => "the tie-break ended before your play was confirmed",
    },
    scope: (open: boolean): string => (open ? "On your open play" : "On your finished play"),
    stopped: (who: string) => `${who} called «Stop!»: everyone else is frozen`,
    freezeEnded: (who: string) => `${who}'s freeze is over: play resumes`,
    eliminated: (who: string) => `${who} is eliminated from the hand`,
    left: (who: string, absent: boolean) =>
      absent ? `${who} was away too long and has left the hand` : `${who} left the hand`,
    wentOut: (who: string) => `${who} went out`,
  },
  end: {
    title: "End of the hand",
    winner: (who: string) => `${who} wins the hand`,
    draw: "A draw",
    noWinner: "No winner",
    points: "Points",
    status: "Status",
    winnerMark: "winner",
    /** A seat still in play when the hand ended: a tied seat of a draw, or beaten. */
    tied: "tied",
    lost: "lost",
    total: "Total",
    ready: "Ready for the next hand",
    waiting: "Waiting for the others",
    home: "Back home",
    how: "How the points add up",
    lines: {
      winner: (stock: number, others: number, bonus: number) =>
        `50 − ${stock} left in the stock + ${others} in the others' hands${bonus ? ` + ${bonus} for using up the stock` : ""}`,
      penalty: "−15 for being eliminated or leaving the hand",
      draw: (pile: number) => `50 − ${pile} in the shared pile, never below −15`,
      none: "no points this hand",
    },
    replay: "Replay this hand",
    playAgain: "Play again",
    rematch: "Rematch",
    rematchNote: "A new game with the same players: each of them joins with one click.",
    queueAgain: "Queue again",
    ranking: (points: string) => `Ranking points: ${points}`,
    rating: (rating: string, change: string) => `Skill rating: ${rating} (${change})`,
    counting: "Counting the hand for the ranking…",
    leaveGame: "Leave the game",
    leaveGameConfirm:
      "Leaving ends the game at once for all three: whoever is ahead of the others wins, and you cannot. Leave the game?",
    leaveGameYes: "Yes, leave the game",
    leaveGameNo: "Stay",
    showTable: "Look at the table",
    showResult: "Show the result",
    gameWinner: (who: string) => `${who} wins the game`,
    longDraw: "A long draw: nobody wins the game",
    reasons: {
      out: "went out",
      silence: "final silence",
      tiebreak: "tie-break",
      survivor: "last one in play",
      draw: "draw",
      abandoned: "everyone left",
    },
  },
  dnd: {
    instructions:
      "To play a card: press Enter on it, then Enter on where it goes (a meld, the free space, your staging area or your hand). Or press Space to pick it up, the arrow keys to move it and Space to drop it; Escape cancels.",
    picked: (card: string) => `Picked up ${card}.`,
    over: (card: string, place: string) => `${card} is over ${place}.`,
    dropped: (card: string, place: string) => `${card} dropped on ${place}.`,
    cancelled: (card: string) => `${card} put back.`,
    places: {
      hand: "your hand",
      staging: "your staging area",
      new: "the free space",
      meld: (id: number) => `meld ${id}`,
      nowhere: "nothing",
    },
  },
  legend: {
    open: "What do the clocks and marks mean?",
    title: "The table at a glance",
    close: "Close",
    clocks: "Clocks",
    marks: "Marks",
    play: "Your play: 40 s from your first declared card; when it runs out, the play ends and is judged.",
    hold: "Your hold: 10 s to put down the table card you picked up; then it drops back.",
    freeze: "Freeze: after a «Stop!», the caller has 3 minutes alone; everyone else waits.",
    inactivity: "Inactivity: when nobody plays for a while, everyone draws a card.",
    tieBreak: "Tie-break: the tied players race to lay from the shared pile.",
    pause: "Next hand in: the pause between the hands of a long game.",
    onTrial: "Dashed ring in a player's colour: the card is on trial for that player's open play.",
    held: "Greyed card: another player holds it right now.",
    area: "Meld tinted in a player's colour: that player's open play is reworking it.",
    invalid: "Red dashed outline: not a valid meld yet.",
    notYetSafe: "«not yet safe»: a chain undo could still take this meld apart.",
    lit: "Green glow: where the card you picked up may go.",
    numbers: "The small number: the meld's place on the table, used in messages.",
    tutorial: "Learn by playing: the tutorial",
  },
  tutorial: {
    title: "Tutorial",
    open: "Learn by playing",
    intro: "A short practice hand that teaches every move, one at a time. Nothing is recorded.",
    progress: (n: number, of: number) => `Step ${n} of ${of}`,
    restart: "Start again",
    more: "Show the whole step",
    less: "Show less",
    done: "Well done: you went out and won the hand. You know every move now.",
    practice: "Play a practice hand",
    steps: {
      draw: "Press «Draw» to take the top card of your stock into your hand.",
      stage:
        "Declare 7♥ 8♥ 9♥: drag each one to your staging area (or tap the card, then the staging area). The others see them face up.",
      lay: "Press «Lay the meld» to put the run on the table.",
      add: "Add 5♠ from your hand straight onto the run 2♠ 3♠ 4♠: drag it onto that meld, or tap it and then the meld.",
      declare:
        "Now a play with moves: declare 10♣ and J♣, move 9♣ out of the four nines into the free space, then place 10♣ and J♣ next to it.",
      undo: "The chain undo: declare Q♣, move 9♠ into the free space, then press «Cancel the meld». Your play fails and its move flies back.",
      stop: "Call «Stop!» (and say yes): the others freeze and you have 3 minutes alone to go out.",
      finish: "Go out: declare K♠ K♥ K♣ and lay them, then add Q♣ to the clubs run.",
    },
  },
  settings: {
    title: "Settings",
    sound: "Sound",
    mute: "Mute",
    unmute: "Sound on",
    fourColour: "Four-colour deck",
  },
  practice: {
    title: "Practice table",
    text: "Play a whole hand against two bots that play at a human pace. It is kept in your history like a friendly hand, but it never changes your rating.",
    start: "Start a practice hand",
    signIn: "Sign in to practise",
    guestTitle: "No account? Try it as a guest",
    guestText:
      "A hand against two bots, played in your browser alone: nothing is kept, and there is no Hint. Pick the bots:",
    classic: {
      title: "Classic Machiavelli against bots",
      bots: "Bots at the table",
      botLevel: (n: number) => `Bot ${n}`,
      variants: "Variants",
      variantNames: {
        "thirty-six": "Thirty-Six",
        guadalupe: "Guadalupe",
        tahiti: "Tahiti",
        "draw-first": "Draw first",
      } as Record<Variant, string>,
      singleRound: "A single round (otherwise up to 25 points)",
      start: "Start a classic game",
    },
  },
  guest: {
    name: "Guest",
    badge: "Guest practice: nothing is kept",
    signUp: "Create an account",
    notKept:
      "Guest hands are not kept. With an account your practice hands stay in your history (never in totals or the ranking), and you get the Hint, friends' games and the agora.",
  },
  waiting: {
    title: (taken: number) => `Waiting for players: ${taken} of 3 seated`,
    free: "(free seat)",
    join: "Take a seat",
    share: "Share this page's address: the hand starts when the third player sits down.",
  },
  situation: {
    frozen: (who: string) =>
      `${who} called «Stop!»: you are frozen until they go out, give up or run out of time.`,
    yourFreeze:
      "Your freeze: three minutes to go out alone. Every table card is yours to move; leave the table in order.",
    tiebreak: "Tie-break: be the first to place a card of the shared pile in a valid meld.",
    watchingTiebreak: "The tied players are playing the tie-break.",
    gone: {
      out: "You went out.",
      eliminated: "You are eliminated from this hand: you can only watch the rest of it.",
      left: "You have left this hand: you can only watch the rest of it.",
    },
  },
  /** Refusals by the engine's code; null: show the engine's own reason, written in English. */
  refusals: null as Record<RejectionCode, string> | null,
  rulesLink: "Rules",
  connecting: "Connecting…",
  spectating: "You are watching this hand.",
  newClassic: {
    title: "Classic Machiavelli with friends",
    players: "Players",
    turnTime: "Time for a turn",
    noLimit: "No limit",
    seconds: (n: number) => `${n} s`,
    target: "Play to",
    singleRound: "A single round",
    points: (n: number) => `${n} points`,
    create: "Create a classic game",
  },
  levels: levelsEn,
  hint: hintEn,
  classic: classicEn,
  site: siteEn,
  puzzles: puzzlesEn,
};

export type Messages = typeof en;

const SUIT_NAMES_IT = { S: "picche", H: "cuori", D: "quadri", C: "fiori" };

const it: Messages = {
  language: "Lingua",
  languageNames: { en: "English", it: "Italiano" },
  nav: {
    practice: "Allenamento",
    rules: "Regole",
    friendly: "Amichevole",
    agora: "Agorà",
    leaderboard: "Classifica",
    history: "Storico",
    moderation: "Moderazione",
    signIn: "Accedi",
    signUp: "Registrati",
    signOut: "Esci",
  },
  card: {
    name: (rank, suit) =>
      `${rankName(rank, ["Asso", "Fante", "Donna", "Re"])} di ${SUIT_NAMES_IT[suit]}`,
    onTrial: (who) => `in prova per ${who}`,
    heldBy: (who) => `tenuta da ${who}`,
    reservedFor: (who) => `riservata a ${who}`,
    pending: "in attesa del server",
    inMeld: (card, meld) => `${card}, combinazione ${meld}`,
  },
  meld: {
    label: (id, count) => `Combinazione ${id}, ${count} carte`,
    invalid: "non ancora valida",
    notYetSafe: "non ancora definitiva",
    worked: (who) => `in lavorazione da ${who}`,
    freeSpace:
      "Spazio libero: trascina qui una carta del tavolo o una carta dichiarata per iniziare una nuova combinazione",
  },
  seat: {
    you: "Tu",
    hand: (n) => `${n} in mano`,
    stock: (n) => `mazzo ${n}`,
    staging: "Area di appoggio",
    stagingEmpty: "vuota",
    away: "assente",
    awayFor: (time) => `assente da ${time}`,
    present: "presente",
    status: { playing: "in gioco", out: "ha chiuso", eliminated: "eliminato", left: "uscito" },
  },
  hand: {
    title: "La tua mano",
    pile: "Il mucchio comune",
    empty: "La tua mano è vuota. Pesca dal tuo mazzo.",
    sort: "Ordina",
    bySuit: "Per seme",
    byRank: "Per valore",
    manual: "Mio ordine",
    moveLeft: "Sposta a sinistra",
    moveRight: "Sposta a destra",
  },
  stock: { label: (n) => `Pesca (ne restano ${n})`, empty: "Mazzo vuoto" },
  staging: {
    title: "La tua area di appoggio",
    hint: "Trascina qui le carte per dichiararle. Gli altri le vedono scoperte.",
  },
  table: {
    title: "Il tavolo",
    removed: "Fuori gioco",
    hideRemoved: "Nascondi",
    showRemoved: "Carte tolte",
    selected: (card) => `${card} selezionata: scegli dove metterla, o premi Esc.`,
    rack: "Il tuo leggio",
    offline: "Connessione persa: riconnessione… Le tue mosse attendono che torni.",
    online: "Riconnesso: il tavolo è aggiornato.",
  },
  actions: {
    lay: "Cala la combinazione",
    cancel: "Annulla la combinazione",
    end: "Fine giocata",
    stop: "Stop!",
    leave: "Abbandona",
    leaveConfirm: "Abbandonare la mano? Prendi −15 punti e non puoi rientrare.",
    leaveYes: "Sì, abbandono",
    leaveNo: "Resto",
    stopConfirm:
      "Chiamare «Stop!»? Gli altri si congelano e hai 3 minuti per chiudere da solo, lasciando il tavolo in ordine. Se non ci riesci, sei eliminato con −15 punti.",
    stopYes: "Sì, chiamo «Stop!»",
    giveUpConfirm: "Rinunciare? Sei eliminato da questa mano con −15 punti.",
    giveUpYes: "Sì, rinuncio",
    notNow: "Non ora",
    release: "Lascia",
    giveUp: "Rinuncia",
  },
  clocks: {
    yours: "I tuoi tempi",
    theirs: "I tempi degli altri",
    play: "La tua giocata",
    otherPlay: (who) => `Giocata di ${who}`,
    hold: "La tua presa",
    inactivity: "Inattività",
    freeze: "Congelamento",
    tieBreak: "Spareggio",
    pause: "Prossima mano tra",
    absence: (who) => `${who} esce tra`,
  },
  notices: {
    refused: "Rifiutato",
    undone: "Annullamento a catena",
    dismiss: "Chiudi",
    undoText: (scope, moves, because) => `${scope}: ${moves}, perché ${because}.`,
    back: (card, where) => `${card} torna ${where}`,
    toHand: "nella tua mano",
    toStaging: "nella tua area di appoggio",
    toHandOf: (who) => `nella mano di ${who}`,
    toStagingOf: (who) => `nell'area di appoggio di ${who}`,
    toMeld: (id) => `nella combinazione ${id}`,
    because: {
      cancelled: (who, own) =>
        own ? "hai annullato la tua giocata" : `${who} ha annullato la sua giocata`,
      failed: (who, own) =>
        own
          ? "la tua giocata non ha superato il giudizio"
          : `la giocata di ${who} non ha superato il giudizio`,
      "partly undone": (who, own) =>
        own
          ? "una parte della tua giocata non ha superato il giudizio"
          : `una parte della giocata di ${who} è caduta`,
      confirmed: (who) => `la giocata di ${who} è stata confermata senza carte su cui contavi`,
      expired: () => "lo spareggio è finito prima che la tua giocata fosse confermata",
    },
    scope: (open) => (open ? "Sulla tua giocata aperta" : "Sulla tua giocata conclusa"),
    stopped: (who) => `${who} ha chiamato «Stop!»: tutti gli altri sono congelati`,
    freezeEnded: (who) => `Il congelamento di ${who} è finito: si riprende`,
    eliminated: (who) => `${who} è eliminato dalla mano`,
    left: (who, absent) =>
      absent
        ? `${who} è rimasto assente troppo a lungo ed è uscito dalla mano`
        : `${who} ha abbandonato la mano`,
    wentOut: (who) => `${who} ha chiuso`,
  },
  end: {
    title: "Fine della mano",
    winner: (who) => `${who} vince la mano`,
    draw: "Pareggio",
    noWinner: "Nessun vincitore",
    points: "Punti",
    status: "Stato",
    winnerMark: "vincitore",
    tied: "in parità",
    lost: "ha perso",
    total: "Totale",
    ready: "Pronto per la prossima mano",
    waiting: "In attesa degli altri",
    home: "Torna alla home",
    how: "Come si sommano i punti",
    lines: {
      winner: (stock, others, bonus) =>
        `50 − ${stock} rimaste nel mazzo + ${others} in mano agli altri${bonus ? ` + ${bonus} per aver esaurito il mazzo` : ""}`,
      penalty: "−15 per eliminazione o abbandono della mano",
      draw: (pile) => `50 − ${pile} nel mucchio comune, mai sotto −15`,
      none: "nessun punto in questa mano",
    },
    replay: "Rivedi questa mano",
    playAgain: "Gioca ancora",
    rematch: "Rivincita",
    rematchNote: "Una nuova partita con gli stessi giocatori: ognuno entra con un clic.",
    queueAgain: "Rimettiti in coda",
    ranking: (points) => `Punti in classifica: ${points}`,
    rating: (rating, change) => `Valutazione: ${rating} (${change})`,
    counting: "Conteggio della mano per la classifica…",
    leaveGame: "Lascia la partita",
    leaveGameConfirm:
      "Se lasci, la partita finisce subito per tutti e tre: vince chi è in testa, e tu non puoi vincere. Lasciare la partita?",
    leaveGameYes: "Sì, lascio la partita",
    leaveGameNo: "Resto",
    showTable: "Guarda il tavolo",
    showResult: "Mostra il risultato",
    gameWinner: (who) => `${who} vince la partita`,
    longDraw: "Pareggio lungo: nessuno vince la partita",
    reasons: {
      out: "ha chiuso",
      silence: "silenzio finale",
      tiebreak: "spareggio",
      survivor: "ultimo rimasto in gioco",
      draw: "pareggio",
      abandoned: "tutti sono usciti",
    },
  },
  dnd: {
    instructions:
      "Per giocare una carta: premi Invio sulla carta, poi Invio dove va (una combinazione, lo spazio libero, l'area di appoggio o la mano). Oppure premi Spazio per prenderla, le frecce per spostarla e Spazio per lasciarla; Esc annulla.",
    picked: (card) => `Hai preso ${card}.`,
    over: (card, place) => `${card}: ${place}.`,
    dropped: (card, place) => `${card} lasciata ${place}.`,
    cancelled: (card) => `${card} rimessa a posto.`,
    // Said after the card's name, so each place carries its own preposition.
    places: {
      hand: "nella tua mano",
      staging: "nella tua area di appoggio",
      new: "nello spazio libero",
      meld: (id) => `nella combinazione ${id}`,
      nowhere: "da nessuna parte",
    },
  },
  legend: {
    open: "Che cosa indicano i tempi e i segni?",
    title: "Il tavolo in breve",
    close: "Chiudi",
    clocks: "Tempi",
    marks: "Segni",
    play: "La tua giocata: 40 s dalla prima carta dichiarata; allo scadere la giocata finisce e viene giudicata.",
    hold: "La tua presa: 10 s per posare la carta del tavolo che hai preso; poi torna al suo posto.",
    freeze:
      "Congelamento: dopo uno «Stop!» chi l'ha chiamato ha 3 minuti da solo; gli altri aspettano.",
    inactivity: "Inattività: se per un po' nessuno gioca, tutti pescano una carta.",
    tieBreak: "Spareggio: i giocatori in parità fanno a gara a calare dal mazzo comune.",
    pause: "Prossima mano tra: la pausa tra le mani di una partita lunga.",
    onTrial:
      "Anello tratteggiato nel colore di un giocatore: la carta è in prova per la sua giocata aperta.",
    held: "Carta grigia: un altro giocatore la tiene in mano in questo momento.",
    area: "Combinazione colorata come un giocatore: la sua giocata aperta la sta rimaneggiando.",
    invalid: "Bordo rosso tratteggiato: non è ancora una combinazione valida.",
    notYetSafe: "«non ancora definitiva»: un annullamento a catena potrebbe ancora smontarla.",
    lit: "Alone verde: dove può andare la carta che hai preso.",
    numbers: "Il numerino: il posto della combinazione sul tavolo, usato nei messaggi.",
    tutorial: "Impara giocando: il tutorial",
  },
  tutorial: {
    title: "Tutorial",
    open: "Impara giocando",
    intro: "Una breve mano di prova che insegna ogni mossa, una alla volta. Non viene registrata.",
    progress: (n, of) => `Passo ${n} di ${of}`,
    restart: "Ricomincia",
    more: "Mostra tutto il passo",
    less: "Mostra meno",
    done: "Bravo: hai chiuso e vinto la mano. Ora conosci ogni mossa.",
    practice: "Gioca una mano di allenamento",
    steps: {
      draw: "Premi «Pesca» per prendere la prima carta del tuo mazzo.",
      stage:
        "Dichiara 7♥ 8♥ 9♥: trascina ciascuna nella tua area di appoggio (o tocca la carta, poi l'area). Gli altri le vedono scoperte.",
      lay: "Premi «Cala la combinazione» per mettere la scala sul tavolo.",
      add: "Aggiungi il 5♠ dalla mano direttamente alla scala 2♠ 3♠ 4♠: trascinalo su quella combinazione, o toccalo e poi tocca la combinazione.",
      declare:
        "Ora una giocata con spostamenti: dichiara 10♣ e J♣, sposta il 9♣ dai quattro nove nello spazio libero, poi posa 10♣ e J♣ accanto a lui.",
      undo: "L'annullamento a catena: dichiara la Q♣, sposta il 9♠ nello spazio libero, poi premi «Annulla la combinazione». La giocata fallisce e lo spostamento torna indietro.",
      stop: "Chiama «Stop!» (e conferma): gli altri si congelano e hai 3 minuti da solo per chiudere.",
      finish: "Chiudi: dichiara K♠ K♥ K♣ e calali, poi aggiungi la Q♣ alla scala di fiori.",
    },
  },
  settings: {
    title: "Impostazioni",
    sound: "Suoni",
    mute: "Silenzia",
    unmute: "Attiva suoni",
    fourColour: "Mazzo a quattro colori",
  },
  practice: {
    title: "Tavolo di allenamento",
    text: "Gioca una mano intera contro due bot che giocano a ritmo umano. Resta nella tua cronologia come una mano amichevole, ma non cambia mai il tuo punteggio in classifica.",
    start: "Inizia una mano di allenamento",
    signIn: "Accedi per allenarti",
    guestTitle: "Senza account? Prova come ospite",
    guestText:
      "Una mano contro due bot, giocata solo nel tuo browser: non viene conservato nulla, e non c'è il suggerimento. Scegli i bot:",
    classic: {
      title: "Machiavelli classico contro i bot",
      bots: "Bot al tavolo",
      botLevel: (n) => `Bot ${n}`,
      variants: "Varianti",
      variantNames: {
        "thirty-six": "Trentasei",
        guadalupe: "Guadalupa",
        tahiti: "Tahiti",
        "draw-first": "Prima pesca",
      },
      singleRound: "Una sola smazzata (altrimenti fino a 25 punti)",
      start: "Inizia una partita classica",
    },
  },
  guest: {
    name: "Ospite",
    badge: "Allenamento da ospite: non viene conservato nulla",
    signUp: "Crea un account",
    notKept:
      "Le mani da ospite non vengono conservate. Con un account le tue mani di allenamento restano nella tua cronologia (mai nei totali o in classifica), e hai il suggerimento, le partite con gli amici e l'agorà.",
  },
  waiting: {
    title: (taken) => `In attesa di giocatori: ${taken} su 3 seduti`,
    free: "(posto libero)",
    join: "Siediti",
    share:
      "Condividi l'indirizzo di questa pagina: la mano inizia quando si siede il terzo giocatore.",
  },
  situation: {
    frozen: (who) =>
      `${who} ha chiamato «Stop!»: sei congelato finché non chiude, rinuncia o finisce il tempo.`,
    yourFreeze:
      "Il tuo congelamento: tre minuti per chiudere da solo. Tutte le carte del tavolo sono tue; lascia il tavolo in ordine.",
    tiebreak:
      "Spareggio: vince chi per primo piazza una carta del mucchio comune in una combinazione valida.",
    watchingTiebreak: "I giocatori in parità stanno giocando lo spareggio.",
    gone: {
      out: "Hai chiuso.",
      eliminated: "Sei eliminato da questa mano: puoi solo guardarne il resto.",
      left: "Hai abbandonato questa mano: puoi solo guardarne il resto.",
    },
  },
  refusals: {
    malformed: "Azione non valida.",
    "bad-time": "Orario non valido.",
    "unknown-seat": "Questo posto non è in questa mano.",
    "not-playing": "Non giochi più questa mano.",
    "hand-over": "La mano è finita.",
    frozen: "Sei congelato: qualcuno ha chiamato «Stop!» (§9).",
    "no-freeze": "Non hai un congelamento in corso (§9).",
    "in-freeze": "Durante il congelamento non si può (§9).",
    "no-stop": "«Stop!» non si può chiamare adesso (§9, §10.2).",
    "stop-used": "Hai già chiamato «Stop!» in questa mano (§9).",
    "not-in-tiebreak": "Non partecipi allo spareggio (§10.2).",
    presence: "Solo il server segnala chi è presente.",
    "not-between-hands": "Non siamo nella pausa tra due mani (§13).",
    "card-not-here": "Quella carta non è lì.",
    "no-such-meld": "Quella combinazione non è più in tavola.",
    "stock-empty": "Il tuo mazzo è vuoto (§4).",
    "staging-not-empty":
      "Hai carte nell'area di appoggio: prima finisci la giocata dichiarata (§5.3).",
    "not-declared":
      "Prima dichiara: con l'area di appoggio vuota non puoi toccare le carte del tavolo (§5.3, §6).",
    "no-open-play": "Non hai una giocata aperta.",
    "invalid-meld": "Non è una combinazione valida (§3).",
    "single-card":
      "Una carta sola dalla mano non apre mai una combinazione: mettile nell'area di appoggio e calale insieme (§5.3).",
    "holding-another": "Stai già tenendo un'altra carta (§6).",
    "nothing-held": "Non tieni nessuna carta del tavolo.",
    "held-by-other":
      "Quella carta è tenuta da un altro giocatore: chi arriva prima la prende (§6).",
    "let-go":
      "Hai lasciato quella carta senza spostarla: prima metti o sposta un'altra carta, poi potrai riprenderla (§6).",
    reserved: "Quella carta è riservata a chi ha iniziato a giocare per primo (§6).",
    "cannot-go-there": "La carta non può andare lì: torna al suo posto (§6).",
  },
  rulesLink: "Regole",
  connecting: "Connessione…",
  spectating: "Stai guardando questa mano.",
  newClassic: {
    title: "Machiavelli classico con gli amici",
    players: "Giocatori",
    turnTime: "Tempo per un turno",
    noLimit: "Senza limite",
    seconds: (n) => `${n} s`,
    target: "Si gioca fino a",
    singleRound: "Una sola smazzata",
    points: (n) => `${n} punti`,
    create: "Crea una partita classica",
  },
  levels: levelsIt,
  hint: hintIt,
  classic: classicIt,
  site: siteIt,
  puzzles: puzzlesIt,
};

const DICTIONARIES: Record<Locale, Messages> = { en, it };

export function dictionary(locale: Locale): Messages {
  return DICTIONARIES[locale];
}
