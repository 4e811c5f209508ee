// The words of the bots' levels and of the table's Hint, in English and Italian;
// messages.ts nests them under `levels` and `hint`. Typed alike: a missing Italian
// word is a type error.

import type { BotLevel } from "@/bots/levels";

export const levelsEn = {
  label: "Bots' level",
  names: { easy: "Easy", medium: "Medium", hard: "Hard" } as Record<BotLevel, string>,
  about: {
    easy: "Slow; lays and adds only what it sees at once.",
    medium: "Quicker; greedy, and sometimes rearranges the table.",
    hard: "Quick; finds the best rearrangements, calls «Stop!» and times its going out.",
  } as Record<BotLevel, string>,
  /** A bot's name with its level, e.g. in a lobby. */
  bot: (name: string, level: string) => `${name} (${level})`,
};

export const hintEn = {
  show: "Hint",
  hide: "Hide the hint",
  title: "Hint",
  searching: "Looking for the best placement…",
  placement: (placed: number, moved: number) =>
    `${placed === 1 ? "1 of your cards" : `${placed} of your cards`} can go onto the table` +
    (moved === 0
      ? ", without moving anything."
      : `, moving ${moved === 1 ? "1 table card" : `${moved} table cards`}.`),
  yours: "Your cards are marked.",
  eliminates:
    "Careful: this empties your hand, and you have never laid a meld of your own: going out like that eliminates you (§8). Keep a card back, or lay a meld first.",
  newMeld: "new meld",
  meld: (n: number) => `meld ${n}`,
  none: "No placement found: none of your cards can go onto the table now. Draw, or wait for the table to change.",
  tooComplex:
    "Too complex: the table offers too many possibilities to find the best placement in time.",
  cannotPlay: "You cannot play right now.",
  failed: "The hint could not be found.",
  next: (step: number, total: number) => `Play step ${step} of ${total}`,
  steps: {
    stage: (card: string) => `declare ${card}`,
    unstage: (card: string) => `take ${card} back into your hand`,
    lay: (cards: string) => `lay ${cards}`,
    add: (card: string, meld: string) => `add ${card} to ${meld}`,
    move: (card: string, from: string, to: string) => `move ${card} from ${from} to ${to}`,
    place: (card: string, meld: string) => `place ${card} in ${meld}`,
  },
  done: "Done: the hint's cards are on the table.",
  doneInvalid:
    "Not done yet: a meld the hint worked on is not valid (marked in red on the table). Find the hint again, or mend it before your play ends.",
  again: "Find again",
  changed: "The table changed: the hint was found again.",
};

export const levelsIt: typeof levelsEn = {
  label: "Livello dei bot",
  names: { easy: "Facile", medium: "Medio", hard: "Difficile" },
  about: {
    easy: "Lento; cala e attacca solo ciò che vede subito.",
    medium: "Più rapido; avido, e a volte riordina il tavolo.",
    hard: "Rapido; trova i riordini migliori, chiama «Stop!» e sceglie quando chiudere.",
  },
  bot: (name, level) => `${name} (${level})`,
};

export const hintIt: typeof hintEn = {
  show: "Suggerimento",
  hide: "Nascondi il suggerimento",
  title: "Suggerimento",
  searching: "Cerco la giocata migliore…",
  placement: (placed, moved) =>
    `${placed === 1 ? "1 tua carta può" : `${placed} tue carte possono`} andare in tavola` +
    (moved === 0
      ? ", senza spostare nulla."
      : `, spostando ${moved === 1 ? "1 carta del tavolo" : `${moved} carte del tavolo`}.`),
  yours: "Le tue carte sono evidenziate.",
  eliminates:
    "Attenzione: così svuoti la mano senza aver mai calato una combinazione tua: chiudere in questo modo ti elimina (§8). Tieni una carta, o cala prima una combinazione.",
  newMeld: "nuova combinazione",
  meld: (n) => `combinazione ${n}`,
  none: "Nessuna giocata trovata: ora nessuna tua carta può andare in tavola. Pesca, o aspetta che il tavolo cambi.",
  tooComplex:
    "Troppo complesso: il tavolo offre troppe possibilità per trovare in tempo la giocata migliore.",
  cannotPlay: "Adesso non puoi giocare.",
  failed: "Non è stato possibile trovare il suggerimento.",
  next: (step, total) => `Gioca il passo ${step} di ${total}`,
  steps: {
    stage: (card) => `dichiara ${card}`,
    unstage: (card) => `riprendi ${card} in mano`,
    lay: (cards) => `cala ${cards}`,
    add: (card, meld) => `attacca ${card} alla ${meld}`,
    move: (card, from, to) => `sposta ${card} dalla ${from} alla ${to}`,
    place: (card, meld) => `metti ${card} nella ${meld}`,
  },
  done: "Fatto: le carte del suggerimento sono in tavola.",
  doneInvalid:
    "Non ancora fatto: una combinazione su cui ha lavorato il suggerimento non è valida (segnata in rosso sul tavolo). Ricalcola il suggerimento, o sistemala prima che la tua giocata finisca.",
  again: "Ricalcola",
  changed: "Il tavolo è cambiato: il suggerimento è stato ricalcolato.",
};
