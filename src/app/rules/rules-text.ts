// The rules as the app explains them: our own summary, in both languages. The
// authority stays the rules document; this page is a player's guide to it.

import type { Locale } from "@/i18n/locale";

export interface RulesSection {
  id: string;
  title: string;
  points: string[];
}

export interface RulesText {
  /** The game's anchor on the page. */
  id: "machiavelox" | "classic";
  title: string;
  intro: string;
  sections: RulesSection[];
}

const en: RulesText = {
  id: "machiavelox",
  title: "How Machiavelox is played",
  intro:
    "Three players, two decks without jokers, and no turns: everybody draws and plays whenever they like. Be the first to play every card you drew onto the table.",
  sections: [
    {
      id: "start",
      title: "The start",
      points: [
        "Two cards are set aside face up and stay out of the hand; you can show or hide them in the table's corner.",
        "Each player gets a face-down stock of 34 cards and an empty hand. You draw from your own stock, one card at a time, whenever you want.",
      ],
    },
    {
      id: "melds",
      title: "Melds",
      points: [
        "A run is three or more consecutive cards of one suit. The Ace links the King to the 2, so a run can go round the corner (Q K A 2).",
        "A set is three or four cards of one value, all of different suits.",
        "A run longer than ten cards is split in two by the game. Cards on the table never return to a hand, but they can be moved from meld to meld.",
      ],
    },
    {
      id: "plays",
      title: "Three ways to play",
      points: [
        "New meld: put the cards in your staging area (in front of you, face up, untouchable by others), then press Lay the meld: they land together, if they form a meld.",
        "Direct add: drag a card from your hand onto any meld on the table.",
        "Rearranging: first declare the cards you want to play by putting them in your staging area. Then move table cards one at a time, and finally place your declared cards. Without declared cards you may not touch the table.",
        "Once your first card moves, you have 40 seconds to finish. Declared cards you could not place come back to your hand; a rearrangement that placed none of them is undone.",
      ],
    },
    {
      id: "judgement",
      title: "Judgement and the chain undo",
      points: [
        "When your play ends, only the melds you touched are checked, as you left them after your last move. Cards others have on trial (their play is still open) are ignored, unless you built on them.",
        "What is wrong falls back: your cards to your hand, melds to how they were. Anyone who built on what fell falls too — this is the chain undo, and you get a notice saying what went back and why.",
        "A finished play stays marked “not yet safe” for up to 40 seconds, while a chain can still reach it.",
      ],
    },
    {
      id: "conflicts",
      title: "Clashes",
      points: [
        "You can hold one table card at a time, for at most 10 seconds. A held card shows as taken; the first to reach a card gets it, the other is refused.",
        "A card bounced back and forth between plays is eventually reserved for whoever started playing first.",
      ],
    },
    {
      id: "end",
      title: "Ending a hand",
      points: [
        "You go out by emptying hand and staging area — having drawn at least once and laid at least one meld of your own. Going out without those costs 15 points.",
        "If for two minutes nobody draws or places a card of their own, everyone with a stock draws one card. When every stock is empty, two silent minutes end the hand: the fewest cards wins, with a two-minute tie-break if needed.",
        "Once per hand you may call «Stop!»: the others freeze and you get three minutes to go out alone, mending any broken meld. Fail, or give up, and you lose 15 points.",
        "Leaving, or being away for 90 seconds, costs 15 points. If only one player remains, they win.",
      ],
    },
    {
      id: "score",
      title: "Scoring",
      points: [
        "The winner scores 50, minus the cards left in their own stock, plus every card still in the opponents' hands and staging areas — and 10 more for going out with the whole stock drawn.",
        "A long game among friends is played to 150 points, with a short pause between hands.",
      ],
    },
  ],
};

const it: RulesText = {
  id: "machiavelox",
  title: "Come si gioca a Machiavelox",
  intro:
    "Tre giocatori, due mazzi senza jolly e nessun turno: tutti pescano e giocano quando vogliono. Vince chi per primo porta in tavola tutte le carte che ha pescato.",
  sections: [
    {
      id: "start",
      title: "L'inizio",
      points: [
        "Due carte vengono messe da parte scoperte e restano fuori dalla mano; puoi mostrarle o nasconderle nell'angolo del tavolo.",
        "Ogni giocatore ha un mazzo coperto di 34 carte e la mano vuota. Peschi dal tuo mazzo, una carta alla volta, quando vuoi.",
      ],
    },
    {
      id: "melds",
      title: "Le combinazioni",
      points: [
        "Una scala è formata da tre o più carte consecutive dello stesso seme. L'Asso unisce il Re al 2, quindi una scala può girare (D R A 2).",
        "Un tris è formato da tre o quattro carte dello stesso valore, tutte di semi diversi.",
        "Una scala di oltre dieci carte viene divisa in due dal gioco. Le carte in tavola non tornano mai in mano, ma si possono spostare da una combinazione all'altra.",
      ],
    },
    {
      id: "plays",
      title: "Tre modi di giocare",
      points: [
        "Nuova combinazione: metti le carte nella tua area di appoggio (davanti a te, scoperta, intoccabile per gli altri) e premi Cala la combinazione: scendono insieme, se formano una combinazione.",
        "Attacco diretto: trascina una carta dalla mano su una qualsiasi combinazione in tavola.",
        "Spostamenti: prima dichiari le carte che vuoi giocare mettendole nell'area di appoggio, poi sposti le carte del tavolo una alla volta e infine piazzi le carte dichiarate. Senza carte dichiarate non puoi toccare il tavolo.",
        "Dal primo movimento hai 40 secondi per finire. Le carte dichiarate che non hai piazzato tornano in mano; uno spostamento che non ne ha piazzata nessuna viene annullato.",
      ],
    },
    {
      id: "judgement",
      title: "Il giudizio e l'annullamento a catena",
      points: [
        "Quando la tua giocata finisce si controllano solo le combinazioni che hai toccato, come le hai lasciate dopo il tuo ultimo movimento. Le carte in prova degli altri (la loro giocata è ancora aperta) non contano, a meno che tu ci abbia costruito sopra.",
        "Ciò che non va torna indietro: le tue carte in mano, le combinazioni com'erano. Chi aveva costruito su ciò che è caduto cade a sua volta: è l'annullamento a catena, e ricevi un avviso che spiega cosa è tornato indietro e perché.",
        "Una giocata conclusa resta segnata come “non ancora definitiva” per al massimo 40 secondi, finché una catena può raggiungerla.",
      ],
    },
    {
      id: "conflicts",
      title: "I conflitti",
      points: [
        "Puoi tenere una sola carta del tavolo alla volta, per al massimo 10 secondi. Una carta tenuta appare presa; chi arriva prima la ottiene, l'altro riceve un rifiuto.",
        "Una carta rimbalzata avanti e indietro tra più giocate finisce riservata a chi ha iniziato a giocare per primo.",
      ],
    },
    {
      id: "end",
      title: "La fine della mano",
      points: [
        "Chiudi svuotando mano e area di appoggio, dopo aver pescato almeno una volta e calato almeno una combinazione tua. Chiudere senza queste condizioni costa 15 punti.",
        "Se per due minuti nessuno pesca né porta in tavola carte sue, chi ha ancora un mazzo pesca una carta. Quando tutti i mazzi sono vuoti, due minuti di silenzio chiudono la mano: vince chi ha meno carte, con uno spareggio di due minuti se serve.",
        "Una volta per mano puoi chiamare «Stop!»: gli altri si congelano e hai tre minuti per chiudere da solo, sistemando le combinazioni rotte. Se fallisci o rinunci perdi 15 punti.",
        "Abbandonare, o restare assente per 90 secondi, costa 15 punti. Se resta un solo giocatore, vince lui.",
      ],
    },
    {
      id: "score",
      title: "Il punteggio",
      points: [
        "Il vincitore fa 50 punti, meno le carte rimaste nel proprio mazzo, più tutte le carte ancora in mano e nelle aree di appoggio degli avversari, e altri 10 se chiude dopo aver pescato tutto il mazzo.",
        "Una partita lunga tra amici si gioca a 150 punti, con una breve pausa tra una mano e l'altra.",
      ],
    },
  ],
};

const classicEn: RulesText = {
  id: "classic",
  title: "Classic Machiavelli",
  intro:
    "The turn-based game most players grew up with: two to eight players take turns, and on your turn the whole table is yours to rearrange. Empty your hand first; every card left in the others' hands is a penalty point.",
  sections: [
    {
      id: "classic-start",
      title: "The deal",
      points: [
        "Two decks shuffled together, no jokers. Up to five players get 13 cards each; with six, seven or eight players, 11, 10 or 9. The rest is one face-down stock for everyone.",
        "The player on the dealer's left starts and play goes clockwise. The deal moves one seat to the left every round.",
      ],
    },
    {
      id: "classic-combinations",
      title: "Combinations",
      points: [
        "A set is three or four cards of one value, each of a different suit. A run is three or more cards of one suit in a row.",
        "The Ace sits below the 2 or above the King, but a run never wraps from King to 2. A game can choose other Ace rules: low only, or wrapping allowed.",
        "With two decks a card can exist twice, but never twice in one combination: two 7♥ make no set.",
      ],
    },
    {
      id: "classic-turn",
      title: "Your turn",
      points: [
        "Either play or draw one card — never both. Playing means putting at least one card from your hand on the table; while you do it you may split, merge and rebuild any combination on the table.",
        "Cards on the table never go back to a hand. When you end your turn, every card on the table must sit in a valid combination; the table marks the ones that are not, and says why.",
        "You can undo a step or reset the whole turn before you end it, at no cost. If you end a turn with a broken table, the table goes back exactly as it was, your cards return to your hand, and you draw 3 penalty cards.",
        "A game can set a time limit per turn. When it runs out, a play that put a card from your hand down is judged as if you had ended it; otherwise everything goes back and you draw.",
      ],
    },
    {
      id: "classic-end",
      title: "End of a round and of the game",
      points: [
        "The round ends as soon as someone has no cards left. Everybody else scores a penalty point for each card in their hand.",
        "If the stock runs out, drawing becomes passing; when every player in a row has passed or failed, the round is over and whoever holds fewest cards wins it.",
        "Rounds go on until someone reaches the target (25 penalty points unless the game says otherwise); then the lowest total wins. A game can also be a single round.",
      ],
    },
    {
      id: "classic-variants",
      title: "Variants",
      points: [
        "Thirty-Six: your first play must be new combinations made only from your own hand, worth 36 or more (Ace 1, numbers their value, faces 10). Until then you may not touch the table's combinations.",
        "Guadalupe: five cards each. A turn without a play draws two cards; a play that does not empty your hand draws one at the end of the turn.",
        "Tahiti: four jokers join the decks, five cards each, and four cards lie face up beside the table for anyone to use. One joker per combination; put the real card in a joker's place and the joker can go elsewhere. Penalties count card values: numbers their value, faces 10, Aces 11, jokers 30.",
        "Draw first: every turn starts with a card drawn for you; then you play or pass.",
        "Thirty-Six, Tahiti and Draw first combine with each other; Guadalupe goes with Thirty-Six only.",
      ],
    },
  ],
};

const classicIt: RulesText = {
  id: "classic",
  title: "Machiavelli classico",
  intro:
    "Il gioco a turni che quasi tutti conoscono: da due a otto giocatori, uno alla volta, e nel tuo turno tutto il tavolo è tuo da ricomporre. Vince chi svuota la mano per primo; ogni carta rimasta in mano agli altri è un punto di penalità.",
  sections: [
    {
      id: "classic-start",
      title: "La distribuzione",
      points: [
        "Due mazzi mescolati insieme, senza jolly. Fino a cinque giocatori si danno 13 carte a testa; con sei, sette o otto giocatori 11, 10 o 9. Il resto forma un unico tallone coperto per tutti.",
        "Comincia chi siede alla sinistra del mazziere e si gira in senso orario. A ogni mano il mazziere passa al giocatore alla sua sinistra.",
      ],
    },
    {
      id: "classic-combinations",
      title: "Le combinazioni",
      points: [
        "Un tris è fatto di tre o quattro carte dello stesso valore, tutte di semi diversi. Una scala è fatta di tre o più carte dello stesso seme in fila.",
        "L'Asso sta sotto il 2 o sopra il Re, ma una scala non gira mai dal Re al 2. Una partita può scegliere altre regole per l'Asso: solo basso, oppure scala che gira.",
        "Con due mazzi una carta può esserci due volte, ma mai due volte nella stessa combinazione: due 7♥ non fanno un tris.",
      ],
    },
    {
      id: "classic-turn",
      title: "Il tuo turno",
      points: [
        "O giochi o peschi una carta: mai le due cose. Giocare vuol dire mettere in tavola almeno una carta della tua mano; intanto puoi dividere, unire e ricostruire qualsiasi combinazione del tavolo.",
        "Le carte in tavola non tornano mai in mano. Quando chiudi il turno ogni carta del tavolo deve stare in una combinazione valida; il tavolo segna quelle che non lo sono e spiega perché.",
        "Prima di chiudere puoi annullare un passo o ricominciare il turno, senza costi. Se chiudi il turno con il tavolo sbagliato, il tavolo torna esattamente com'era, le tue carte tornano in mano e peschi 3 carte di penalità.",
        "Una partita può dare un tempo massimo al turno. Allo scadere, una giocata che ha messo giù almeno una tua carta viene giudicata come se avessi chiuso; altrimenti tutto torna com'era e peschi.",
      ],
    },
    {
      id: "classic-end",
      title: "Fine della mano e della partita",
      points: [
        "La mano finisce appena qualcuno resta senza carte. Gli altri prendono un punto di penalità per ogni carta che hanno in mano.",
        "Se il tallone finisce, pescare diventa passare; quando tutti, uno dopo l'altro, hanno passato o sbagliato, la mano è chiusa e la vince chi ha meno carte.",
        "Si giocano mani finché qualcuno raggiunge il limite (25 punti di penalità, se la partita non dice altro); vince allora il totale più basso. Una partita può anche essere di una sola mano.",
      ],
    },
    {
      id: "classic-variants",
      title: "Le varianti",
      points: [
        "Trentasei: la tua prima giocata devono essere combinazioni nuove fatte solo con carte della tua mano, per almeno 36 punti (Asso 1, numeri il loro valore, figure 10). Fino ad allora non puoi toccare le combinazioni in tavola.",
        "Guadalupe: cinque carte a testa. Un turno senza giocate pesca due carte; una giocata che non svuota la mano ne pesca una a fine turno.",
        "Tahiti: ai mazzi si aggiungono quattro jolly, cinque carte a testa e quattro carte scoperte accanto al tavolo, che chiunque può usare. Un solo jolly per combinazione; metti la carta vera al posto del jolly e il jolly può andare altrove. Le penalità contano il valore delle carte: numeri il loro valore, figure 10, Assi 11, jolly 30.",
        "Pesca prima: ogni turno comincia con una carta pescata per te; poi giochi o passi.",
        "Trentasei, Tahiti e Pesca prima si combinano tra loro; Guadalupe solo con Trentasei.",
      ],
    },
  ],
};

/** Both games' rules, Machiavelox first: one page for either. */
export function rulesText(locale: Locale): RulesText[] {
  return locale === "it" ? [it, classicIt] : [en, classicEn];
}
