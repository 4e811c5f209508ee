"use client";

// The classic Machiavelli table for one seat (or a spectator): the seat's view of
// the game, every gesture (drag, tap-tap, keyboard) turned into the engine's step
// commands through `act`, the turn's verdicts on the table as it is worked on, the
// events told as toasts and sounds — above all a failed move and its penalty.

import { DndContext, DragOverlay } from "@dnd-kit/core";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type CardId, type Millis, type Seat } from "@/engine";
import { type ClassicEvent, type ClassicCommand, type ClassicView } from "@/engine/classic";
import { useTranslations } from "next-intl";
import type { Translator } from "@/i18n/types";
import { useEngineNow } from "@/components/table/engine-now";
import { useGestures } from "@/components/table/gestures";
import { useTableSettings } from "@/components/table/settings";
import {
  dropTarget,
  useCoveredPage,
  useSound,
  useTableSensors,
  useToasts,
} from "@/components/table/frame";
import { Toasts } from "@/components/table/toasts";
import { SettingsBar } from "@/components/table/toolbar";
import {
  classicAllowed,
  classicAnnouncements,
  classicCardName,
  type ClassicDestination,
  type ClassicSource,
  CLASSIC_SORTS,
  commandsFor,
  type FailedMove,
  failedMoves,
  parseDestination,
  parseSource,
} from "./moves";
import {
  ClassicCardFace,
  ClassicHand,
  Combinations,
  FaceUpCards,
  FailedMoveNotice,
  PlayersStrip,
} from "./parts";
import { type FindClassicHint, useClassicHint } from "./hint";
import { ClassicHintPanel } from "./hint-panel";
import { RoundEnd } from "./round-end";

/** The line an event leaves under the players, or null for those told elsewhere. */
function newsOf(t: Translator, e: ClassicEvent, nameOf: (seat: Seat) => string): string | null {
  switch (e.type) {
    case "played":
      return t("classic.news.played", {
        who: nameOf(e.seat),
        n: e.fromHand.length + e.fromFaceUp.length,
      });
    case "drew":
      return e.cause === "draw" ? t("classic.news.drew", { who: nameOf(e.seat) }) : null;
    case "passed":
      return t("classic.news.passed", { who: nameOf(e.seat) });
    default:
      return null;
  }
}

/** The turn's buttons, named as in the catalog's `classic.actions`. */
type ClassicActionName = "undo" | "reset" | "end" | "pass" | "draw" | "ready";

export type ClassicActResult = { ok: true } | { ok: false; reason: string };

export interface ClassicTableProps {
  /** The seat's view (classicViewFor), or the spectator's (classicSpectatorView). */
  view: ClassicView;
  /** The match's clock when the view arrived; by default the view's own instant. */
  clockAt?: Millis;
  /** Recent events as this seat may see them (classicEventsFor), oldest first; each is told once. */
  events: readonly ClassicEvent[];
  /** Who sits at each seat. */
  names: string[];
  /** Sends one command; a refusal's reason is shown to the player. */
  act: (command: ClassicCommand) => Promise<ClassicActResult>;
  /** Asks the server for the Hint; absent where it is not allowed (ranked games, spectators). */
  findHint?: FindClassicHint | null;
  /** The connection is down: nothing is sent until it is back. */
  offline?: boolean;
  /** Links and notes for the frame's top line (home, rules, the preview's controls). */
  topBar?: ReactNode;
  /** What the game-over dialog offers next (rematch, queue again, home). */
  endActions?: ReactNode;
  /** A panel above the table (a puzzle's goal and its verdict). */
  coach?: ReactNode;
  /** False where the turn is never ended (a puzzle, submitted as it stands): no end, draw or pass. */
  turnEnds?: boolean;
}

const REFUSAL_SHAKE_MS = 600;
const NO_CARDS: CardId[] = [];
/** A failed move's mark stays by the player's name this long. */
const FAILURE_MS = 12_000;
const TOAST_MS = { refusal: 8000, undo: 12000, info: 3500 };

const BUTTON =
  "rounded-md px-3 py-2 text-sm font-medium shadow-sm disabled:cursor-not-allowed disabled:opacity-40 short:px-2 short:py-1";

export function ClassicTable({
  view,
  clockAt,
  events,
  names,
  act,
  findHint = null,
  offline = false,
  topBar = null,
  endActions = null,
  coach = null,
  turnEnds = true,
}: ClassicTableProps) {
  const t = useTranslations();
  const [settings, updateSettings] = useTableSettings();
  const [refusedCard, setRefusedCard] = useState<CardId | null>(null);
  const [failure, setFailure] = useState<FailedMove | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const now = useEngineNow(clockAt ?? view.now);
  const you = view.you?.seat ?? null;
  const nameOf = useCallback((seat: Seat) => names[seat] ?? `#${seat + 1}`, [names]);

  const sound = useSound(settings.muted);
  const { toasts, toast, dismiss } = useToasts(TOAST_MS, 4);

  useCoveredPage();

  // Each new event once: sounds, notices, the failed move's mark.
  const seen = useRef(-1);
  useEffect(() => {
    const fresh = events.filter((e) => e.id > seen.current);
    if (fresh.length === 0) return;
    seen.current = fresh[fresh.length - 1]!.id;
    // Others' moves are told on one quiet line under the players; toasts are kept for
    // what needs the player's eye (refusals, time running out), so they never hide the turn.
    for (const e of fresh) {
      const own = "seat" in e && e.seat === you;
      if (e.type === "played") sound("lay");
      if (e.type === "drew" && own && e.card !== null) sound("draw");
      if (e.type === "timeUp") toast("info", t("classic.news.timeUp", { who: nameOf(e.seat) }));
      if (e.type === "absentOut") {
        toast("info", t("classic.news.absentOut", { who: nameOf(e.seat) }));
      }
      const line = newsOf(t, e, nameOf);
      if (line && !own) setNews(line);
    }
    // A failed move is told by the banner under the players (an alert) and the mark by the name.
    for (const failed of failedMoves(fresh)) {
      sound("undo");
      setFailure(failed);
      setTimeout(() => setFailure((f) => (f?.id === failed.id ? null : f)), FAILURE_MS);
    }
  }, [events, you, sound, toast, t, nameOf]);

  const refuse = useCallback(
    (reason: string, card: CardId | null) => {
      sound("refusal");
      toast("refusal", reason);
      if (card === null) return;
      setRefusedCard(card);
      setTimeout(() => setRefusedCard((c) => (c === card ? null : c)), REFUSAL_SHAKE_MS);
    },
    [sound, toast],
  );

  /** Sends the commands in order; the first refusal stops the rest and is shown. Whether all went. */
  const send = useCallback(
    async (commands: ClassicCommand[]) => {
      for (const command of commands) {
        if (offline) {
          refuse(t("table.offline"), null);
          return false;
        }
        const result = await act(command);
        if (!result.ok) {
          refuse(result.reason, "card" in command ? command.card : null);
          return false;
        }
      }
      return true;
    },
    [act, offline, refuse, t],
  );
  const sendOne = useCallback((command: ClassicCommand) => send([command]), [send]);
  const hint = useClassicHint(findHint, view, sendOne);

  const allowed = classicAllowed(view);
  const gestures = useGestures<ClassicSource, ClassicDestination>({
    cards: view.you?.hand ?? NO_CARDS,
    sorts: CLASSIC_SORTS,
    parseSource,
    parseDestination,
    targetOf: (selected, tapped) => {
      if (
        tapped.from === "table" &&
        !(selected.from === "table" && selected.combination === tapped.combination)
      )
        return { to: "combination", combination: tapped.combination };
      if (selected.from === "table" && tapped.from === "hand") return { to: "hand" };
      return null;
    },
    play: (source, dest) => void send(commandsFor(source, dest)),
    draw: turnEnds && allowed.draw ? () => void send([{ do: "draw" }]) : null,
  });
  const { selected, dragging } = gestures;

  const sensors = useTableSensors();

  const ui = useMemo(
    () => ({
      selected,
      dragging,
      refusedCard,
      fourColour: settings.fourColour,
      hinted: hint.marks,
      nameOf,
      onSelect: gestures.select,
      onChoose: gestures.choose,
    }),
    [
      selected,
      dragging,
      refusedCard,
      settings.fourColour,
      hint.marks,
      nameOf,
      gestures.select,
      gestures.choose,
    ],
  );
  const numbers = useRef(new Map<number, number>());
  numbers.current = new Map(view.table.map((c, i) => [c.id, i + 1]));
  const accessibility = useMemo(
    () => classicAnnouncements(t, (id) => numbers.current.get(id) ?? id),
    [t],
  );

  const work = view.work;
  const variants = view.options.variants.map((v) => t(`classic.variants.${v}`));
  const buttons: [ClassicActionName, ClassicCommand, string][] = [
    ["undo", { do: "undo" }, "bg-white ring-1 ring-stone-300"],
    ["reset", { do: "reset" }, "bg-white ring-1 ring-stone-300"],
    ["end", { do: "end" }, "bg-emerald-700 text-white"],
    [
      allowed.pass ? "pass" : "draw",
      { do: allowed.pass ? "pass" : "draw" },
      "bg-sky-700 text-white",
    ],
  ];
  const shown = turnEnds
    ? buttons
    : buttons.filter(([name]) => name === "undo" || name === "reset");
  const enabled = (name: ClassicActionName) => !offline && name !== "ready" && allowed[name];

  return (
    <DndContext
      id="classic-table"
      sensors={sensors}
      collisionDetection={dropTarget}
      accessibility={accessibility}
      onDragStart={gestures.dnd.onDragStart}
      onDragEnd={gestures.dnd.onDragEnd}
      onDragCancel={gestures.dnd.onDragCancel}
    >
      {/* One screen: players and the turn at the top, the table scrolling inside itself,
          the rack pinned to the bottom (beside the table on a phone held sideways). */}
      <div
        data-testid="classic-table"
        data-offline={offline || undefined}
        className="fixed inset-0 z-30 flex flex-col gap-1 overflow-hidden bg-stone-50 p-1 sm:gap-2 sm:p-2 short:grid short:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] short:grid-rows-[auto_minmax(0,1fr)]"
      >
        <header className="flex shrink-0 flex-col gap-1 short:col-start-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {topBar}
            <span className="text-xs text-stone-500">
              {[t("classic.title"), t("classic.round", { n: view.round }), ...variants].join(" · ")}
            </span>
            <div className="ml-auto">
              <SettingsBar settings={settings} update={updateSettings} />
            </div>
          </div>
          {offline && (
            <p
              role="status"
              data-testid="reconnecting"
              className="rounded-md bg-orange-100 px-3 py-1 text-sm font-medium text-orange-900"
            >
              {t("table.offline")}
            </p>
          )}
          {coach}
          <PlayersStrip view={view} now={now} failure={failure} nameOf={nameOf} />
          <p
            aria-live="polite"
            data-testid="news"
            className="min-h-4 truncate text-xs text-stone-600"
          >
            {news}
          </p>
          {failure && (
            <FailedMoveNotice failure={failure} nameOf={nameOf} own={failure.seat === you} />
          )}
          {work && (
            <p
              role="status"
              data-testid="work"
              className={`rounded-md px-3 py-1 text-xs font-medium ${
                work.valid ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-950"
              }`}
            >
              {[
                t("classic.fromHand", {
                  who: work.seat === you ? t("seat.you") : nameOf(work.seat),
                  n: work.fromHand.length,
                }),
                work.opening &&
                  t("classic.opening", {
                    points: work.opening.points,
                    needed: work.opening.needed,
                  }),
                work.seat === you &&
                  (work.valid ? t("classic.tableStands") : t("classic.tableInvalid")),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          )}
        </header>
        <div
          data-testid="table-area"
          className="min-h-16 flex-1 overflow-auto overscroll-contain rounded-xl bg-emerald-800/15 p-2 pt-3 short:col-start-1"
        >
          <FaceUpCards cards={view.faceUp} ui={ui} />
          <Combinations table={view.table} ui={ui} />
        </div>
        {view.you ? (
          <section
            aria-label={t("table.rack")}
            data-testid="rack"
            className="flex max-h-[55%] shrink-0 flex-col gap-1 overflow-y-auto overscroll-contain rounded-xl bg-white/70 p-1 shadow-inner ring-1 ring-stone-200 *:shrink-0 sm:gap-2 sm:p-2 short:col-start-2 short:row-span-2 short:row-start-1 short:max-h-none"
          >
            <div className="flex flex-wrap items-center gap-2">
              {shown.map(([name, command, colour]) => (
                <button
                  key={name}
                  type="button"
                  data-action={name}
                  disabled={!enabled(name)}
                  className={`${BUTTON} ${colour}`}
                  onClick={() => void send([command])}
                >
                  {t(`classic.actions.${name}`)}
                </button>
              ))}
              <p aria-live="polite" className="text-sm text-emerald-900">
                {selected && t("table.selected", { card: classicCardName(t, selected.card) })}
              </p>
            </div>
            {findHint && <ClassicHintPanel hint={hint} fourColour={settings.fourColour} />}
            <ClassicHand
              cards={gestures.hand}
              sort={gestures.sort}
              onSort={gestures.setSort}
              onNudge={gestures.nudgeCard}
              ui={ui}
              waiting={view.turn !== you}
            />
          </section>
        ) : (
          <p className="shrink-0 text-sm text-stone-600">{t("spectating")}</p>
        )}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <ClassicCardFace
            card={dragging.card}
            look={{ fourColour: settings.fourColour, selected: true }}
          />
        )}
      </DragOverlay>
      <RoundEnd
        view={view}
        now={now}
        nameOf={nameOf}
        canReady={!offline && allowed.ready}
        onReady={() => void send([{ do: "ready" }])}
        endActions={endActions}
      />
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </DndContext>
  );
}
