"use client";

// A guest's practice hand: played in this browser alone, by the engine, against two bots
// deciding with the same policy as the server's bots. Nothing goes to the server, so nothing
// is recorded and no visitor can load it; an account keeps hands and plays at its tables.

import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { type BotLevel, type BotMemory, decideBot, NEW_MEMORY } from "@/bots/policy";
import { useLocalTable } from "@/components/table/local-hand";
import { GameTable, HomeAndRules } from "@/components/table/table";
import { type Rejection, mulberry32, newHand, type HandState, type Seat, viewFor } from "@/engine";
import { useTranslations } from "next-intl";

const YOU: Seat = 0;
const BOTS: Seat[] = [1, 2];

function freshHand(): HandState {
  const created = newHand({ now: 0, seed: Math.floor(Math.random() * 2 ** 31) });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

/** A bot's own mind: what it remembers, the refusal of its last command, its next timer. */
type BotMind = {
  memory: BotMemory;
  refused: Rejection | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** It has decided to act and waits out its reaction time. */
  acting: boolean;
};

export function GuestTable({ level }: { level: BotLevel }) {
  const t = useTranslations();
  const { state, table, act, restart, clock, stateRef } = useLocalTable(freshHand, YOU);
  const random = useMemo(() => mulberry32(Math.floor(Math.random() * 2 ** 31)), []);
  const minds = useRef<BotMind[]>([]);

  // Each bot looks at its seat's view whenever the hand changes, unless it has made up its
  // mind already; it acts after its reaction time, and a refusal is seen at its next look.
  const think = useCallback(
    (seat: Seat) => {
      const mind = (minds.current[seat] ??= {
        memory: NEW_MEMORY,
        refused: null,
        timer: null,
        acting: false,
      });
      if (mind.acting) return;
      if (mind.timer) clearTimeout(mind.timer);
      mind.timer = null;
      const now = clock();
      const decision = decideBot(level, {
        view: viewFor(stateRef.current, seat),
        now,
        memory: mind.memory,
        random,
        refused: mind.refused,
      });
      mind.memory = decision.memory;
      mind.refused = null;
      const action = decision.action;
      if (action.kind === "wait") {
        if (action.until !== null)
          mind.timer = setTimeout(() => think(seat), Math.max(0, action.until - now));
        return;
      }
      mind.acting = true;
      mind.timer = setTimeout(
        () => {
          mind.acting = false;
          mind.timer = null;
          const answer = act(seat, action.command);
          if (!answer.ok) {
            mind.refused = answer.rejection;
            think(seat);
          }
        },
        Math.max(0, action.at - now),
      );
    },
    [level, clock, act, random, stateRef],
  );

  useEffect(() => {
    if (state.outcome) return;
    for (const seat of BOTS) think(seat);
  }, [state, think]);
  useEffect(
    () => () => {
      for (const mind of minds.current) if (mind?.timer) clearTimeout(mind.timer);
    },
    [],
  );

  const names = [
    t("guest.name"),
    ...BOTS.map((seat) =>
      t("levels.bot", { name: `Bot ${seat}`, level: t(`levels.names.${level}`) }),
    ),
  ];
  return (
    <GameTable
      {...table}
      names={names}
      afterHand={
        <>
          <button
            type="button"
            className="rounded-md bg-emerald-700 px-4 py-2 font-medium text-white"
            onClick={() => {
              for (const mind of minds.current) if (mind?.timer) clearTimeout(mind.timer);
              minds.current = [];
              restart(freshHand());
            }}
          >
            {t("end.playAgain")}
          </button>
          <Link
            href="/signup?callbackUrl=%2Fpractice"
            className="inline-block rounded-md bg-white px-4 py-2 font-medium text-emerald-900 ring-1 ring-stone-300"
          >
            {t("guest.signUp")}
          </Link>
          <p className="w-full text-xs text-stone-500">{t("guest.notKept")}</p>
        </>
      }
      topBar={
        <>
          <HomeAndRules />
          <span className="text-stone-600">{t("guest.badge")}</span>
        </>
      }
    />
  );
}
