// The rules as the app explains them: our own summary, in both languages. The
// authority stays the rules document; this page is a player's guide to it.

import type { Locale } from "@/i18n/locale";

export interface RulesSection {
  id: string;
  title: string;
  points: string[];
}

export interface RulesText {
  title: string;
  intro: string;
  sections: RulesSection[];
}

const en: RulesText = {
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

export function rulesText(locale: Locale): RulesText {
  return locale === "it" ? it : en;
}
