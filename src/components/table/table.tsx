"use client";

// The game table for one seat: it shows the server's view with the player's own
// commands in flight applied on top, turns every gesture (drag, tap, keyboard) into
// one engine command, and reports refusals and chain undos as notices.

import { DndContext, type DragEndEvent, DragOverlay } from "@dnd-kit/core";
import dynamic from "next/dynamic";
import Link from "next/link";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type CardId,
  rankOf,
  suitOf,
  type Command,
  type EngineEvent,
  type Millis,
  type Seat,
  type HandView,
} from "@/engine";
import { useTranslations } from "next-intl";
import {
  commandFor,
  type Destination,
  parseDestination,
  parseSource,
  pickUpCommand,
  type Source,
} from "./actions";
import { CardFace } from "./card";
import { clocksOf } from "./clocks";
import { dragAnnouncements } from "./announcements";
import { allowedActions, NOTHING_ALLOWED, playableCards } from "./controls";
import { type FindHint, useHint } from "./hint";
import { HintPanel } from "./hint-button";
import type { Standings } from "./game-view";
import { useGestures } from "./gestures";
import { HandRow, StagingArea } from "./hand-panel";
import { layMelds } from "./meld-layout";
import { useCardMotion } from "./motion";
import { TableArea } from "./melds";
import { describeEvent, describeUndo, shortName, situationOf, undoNoticesFor } from "./notices";
import { type PendingCommand, pendingCommand, withPending } from "./optimistic";
import { RemovedCards, SeatPanel } from "./seats";
import { useEngineNow } from "./engine-now";
import { useTableSettings } from "./settings";
import { dropTarget, useCoveredPage, useSound, useTableSensors, useToasts } from "./frame";
import { Toasts } from "./toasts";
import { ActionButtons, ClockBar, SettingsBar } from "./toolbar";

export type SendResult = { ok: true; eventId: number | null } | { ok: false; reason: string };

export interface TableProps {
  /** The server's latest view of this seat. */
  view: HandView;
  /** The match's clock when the view arrived; by default the view's own instant, its last change. */
  clockAt?: Millis;
  /** The last event the view reflects: commands acknowledged up to it are in the view. */
  viewEventId: number;
  /** Recent events, oldest first (sounds, notices, hold clocks); each is handled once. */
  events: readonly EngineEvent[];
  /** Who sits at each seat. */
  names: string[];
  send: (command: Command) => Promise<SendResult>;
  /** A long game's standings and pause (§13), when the match has several hands. */
  game?: Standings | null;
  /** The connection is down: actions are refused here, without being sent, until it is back. */
  offline?: boolean;
  /** Links and notes for the frame's top line (home, rules, spectating, the preview's seats). */
  topBar?: ReactNode;
  /** Asks the server for the Hint; absent where it is not allowed (ranked games). */
  findHint?: FindHint | null;
  /** A guide's words above the table (the tutorial's steps). */
  coach?: ReactNode;
  /** The engine's clock moves only with the player's commands (the tutorial waits). */
  stillClock?: boolean;
  /** What the player can do once the hand is over (replay, play again, rematch, queue again). */
  afterHand?: ReactNode;
}

// The end-of-hand dialog and the Hint's answer load when they are first shown, not with the table.
const EndOfHand = dynamic(() => import("./end-screen").then((m) => m.EndOfHand));

const REFUSAL_SHAKE_MS = 600;

const TOAST_MS = { refusal: 5000, undo: 12000, info: 4000 };

interface InFlight extends PendingCommand {
  /** The event id the server answered with; the command leaves the queue once the view has it. */
  ackedAt?: number;
}

export function GameTable({
  view: serverView,
  clockAt,
  viewEventId,
  events,
  names,
  send,
  game = null,
  offline = false,
  topBar = null,
  findHint = null,
  coach = null,
  stillClock = false,
  afterHand = null,
}: TableProps) {
  const t = useTranslations();
  const [settings, updateSettings] = useTableSettings();
  const [inFlight, setInFlight] = useState<InFlight[]>([]);
  const [refusedCard, setRefusedCard] = useState<CardId | null>(null);
  const now = useEngineNow(clockAt ?? serverView.now, !stillClock);
  const seq = useRef(0);
  const viewEventIdRef = useRef(viewEventId);
  const serverViewRef = useRef(serverView);
  serverViewRef.current = serverView;
  const offlineRef = useRef(offline);
  offlineRef.current = offline;

  const you = serverView.you?.seat ?? null;
  const nameOf = useCallback((seat: Seat) => names[seat] ?? `#${seat + 1}`, [names]);
  const sound = useSound(settings.muted);
  const { toasts, toast, dismiss } = useToasts(TOAST_MS, 5);
  useCoveredPage();

  // Back online: the stream has resumed from the last event seen, so the table is current again.
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) toast("info", t("table.online"));
    wasOffline.current = offline;
  }, [offline, toast, t]);

  // Commands leave the queue once the server's view includes them.
  useEffect(() => {
    viewEventIdRef.current = viewEventId;
    setInFlight((list) => list.filter((p) => p.ackedAt === undefined || p.ackedAt > viewEventId));
  }, [viewEventId]);

  // Each new event once: sounds and notices.
  const seen = useRef(0);
  useEffect(() => {
    const fresh = events.filter((e) => e.id > seen.current);
    if (fresh.length === 0) return;
    seen.current = fresh[fresh.length - 1]!.id;
    for (const e of fresh) {
      const news = describeEvent(t, e, nameOf);
      if (news) toast("info", news);
      if (e.type === "stopCalled") sound("stop");
      if (!("seat" in e) || e.seat !== you) continue;
      if (e.type === "drew") sound("draw");
      if (e.type === "laid" || e.type === "added" || e.type === "placed") sound("lay");
    }
    if (you === null) return;
    for (const notice of undoNoticesFor(fresh, you)) {
      sound("undo");
      toast("undo", describeUndo(t, notice, nameOf));
    }
  }, [events, you, sound, toast, t, nameOf]);

  const { view, pendingCards } = useMemo(
    () => withPending(serverView, inFlight),
    [serverView, inFlight],
  );
  const allowed = allowedActions(view);
  const holding = you === null ? null : (serverView.seats[you]?.holding ?? null);
  const taking = inFlight.some((p) => p.command.do === "take");
  // The rules' functions run on gestures, once `dispatch` and `letGo` below exist.
  const playable = useMemo(() => playableCards(view), [view]);
  const gestures = useGestures<Source, Destination>({
    cards: playable,
    parseSource,
    parseDestination,
    targetOf: (selected, tapped) => {
      if (tapped.from === "table" && !(selected.from === "table" && selected.meld === tapped.meld))
        return { to: "meld", meld: tapped.meld };
      if (tapped.from === "hand" && selected.from === "staging") return { to: "hand" };
      if (tapped.from === "staging" && selected.from === "hand") return { to: "staging" };
      return null;
    },
    play: (source, dest) => {
      const command = commandFor(source, dest);
      if (command) void dispatch(command);
    },
    // A table card picked up is taken (held, §5.4); a dragged one only if not held already.
    pickUp: (source, dragged) => {
      const take = pickUpCommand(source);
      if (take && !(dragged && view.seats[you ?? -1]?.holding === source.card)) void dispatch(take);
    },
    putDown: (source) => {
      if (source.from === "table") letGo(source.card);
    },
    draw: allowed.draw ? () => void dispatch({ do: "draw" }) : null,
  });
  const { selected, setSelected, dragging, hand } = gestures;

  /** Sends a command, its effect shown at once; answers whether the server accepted it. */
  const dispatch = useCallback(
    (command: Command): Promise<boolean> => {
      // Nothing is sent into a dropped connection: the player is told so, and nothing moves.
      if (offlineRef.current) {
        sound("refusal");
        toast("refusal", t("table.offline"));
        return Promise.resolve(false);
      }
      const id = ++seq.current;
      setInFlight((list) => [
        ...list,
        pendingCommand(withPending(serverViewRef.current, list).view, id, command),
      ]);
      return send(command).then(
        (result) => {
          if (result.ok) {
            const at = result.eventId ?? viewEventIdRef.current;
            setInFlight((list) =>
              at <= viewEventIdRef.current
                ? list.filter((p) => p.id !== id)
                : list.map((p) => (p.id === id ? { ...p, ackedAt: at } : p)),
            );
            return true;
          }
          // The rollback: the command leaves the queue, the card shakes where it lands back.
          setInFlight((list) => list.filter((p) => p.id !== id));
          if ("card" in command) {
            setRefusedCard(command.card);
            setTimeout(
              () => setRefusedCard((c) => (c === command.card ? null : c)),
              REFUSAL_SHAKE_MS,
            );
          }
          if (command.do === "take" || command.do === "move") setSelected(null);
          sound("refusal");
          toast("refusal", result.reason);
          return false;
        },
        () => {
          setInFlight((list) => list.filter((p) => p.id !== id));
          return false;
        },
      );
    },
    [send, sound, toast, t, setSelected],
  );
  const hint = useHint(findHint, serverView, dispatch);

  // A selected table card is one the player holds: when the hold ends (expired, moved,
  // declaration withdrawn), the selection goes with it.
  useEffect(() => {
    if (selected?.from === "table" && holding !== selected.card && !taking) setSelected(null);
  }, [selected, holding, taking, setSelected]);

  /** Lets go of a table card, if it is held or its take is still on its way. */
  const letGo = useCallback(
    (card: CardId) => {
      if (holding === card || taking) dispatch({ do: "release" });
    },
    [holding, taking, dispatch],
  );

  const sensors = useTableSensors();

  const onDragEnd = (event: DragEndEvent) => {
    dropped.current = parseSource(String(event.active.id))?.card ?? null;
    gestures.dnd.onDragEnd(event);
  };

  // Stable between clock ticks, so the memoized table and hand do not redraw four times a second.
  const ui = useMemo(
    () => ({
      selected,
      dragging,
      pendingCards,
      refusedCard,
      fourColour: settings.fourColour,
      nameOf,
      onSelect: gestures.select,
      onChoose: gestures.choose,
      hint: hint.marks,
    }),
    [
      selected,
      dragging,
      pendingCards,
      refusedCard,
      settings.fourColour,
      nameOf,
      gestures.select,
      gestures.choose,
      hint.marks,
    ],
  );
  const others = view.seats.filter((s) => s.seat !== you);
  const mine = you === null ? undefined : view.seats[you];
  const clocks = clocksOf(view);
  // The player's own clocks (and the table's) sit by the rack; the others' by their seats.
  const ownClocks = clocks.filter((c) => c.seat === null || c.seat === you);
  const theirClocks = clocks.filter((c) => c.seat !== null && c.seat !== you);
  const situation = situationOf(t, view, nameOf);
  const melds = useMeldLayout(view.table);
  // Read at announcement time, so the announcements need not change with the table.
  const numbers = useMemo(() => new Map(melds.map((m, i) => [m.id, i + 1])), [melds]);
  const meldNumbers = useRef(numbers);
  meldNumbers.current = numbers;
  const accessibility = useMemo(
    () => dragAnnouncements(t, (id) => meldNumbers.current.get(id) ?? id),
    [t],
  );
  // Cards move before the eyes, except the one in the player's fingers: dnd-kit draws it while
  // dragged, and once dropped it is already where the finger let go.
  const frame = useRef<HTMLDivElement>(null);
  const dropped = useRef<CardId | null>(null);
  const still = useRef<ReadonlySet<CardId>>(new Set());
  still.current = new Set(
    [dragging?.card, dropped.current].filter((c): c is CardId => c !== undefined && c !== null),
  );
  useCardMotion(frame, view, still);
  useEffect(() => {
    dropped.current = null;
  }, [dragging]);
  const selectedName = selected
    ? t("card.name", { rank: rankOf(selected.card), suit: suitOf(selected.card) })
    : null;

  return (
    <DndContext
      id="machiavelox-table"
      sensors={sensors}
      collisionDetection={dropTarget}
      accessibility={accessibility}
      onDragStart={gestures.dnd.onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={gestures.dnd.onDragCancel}
    >
      {/* One screen: a fixed frame the size of the viewport (no page scroll). Opponents at the
          top, the table scrolling inside itself, the player's rack pinned to the bottom. */}
      <div
        className="fixed inset-0 z-30 flex flex-col gap-1 overflow-hidden bg-stone-50 p-1 sm:gap-2 sm:p-2 short:grid short:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] short:grid-rows-[auto_minmax(0,1fr)] short:gap-1 short:p-1"
        ref={frame}
        data-testid="game-table"
        data-offline={offline || undefined}
      >
        <header className="flex shrink-0 flex-col gap-1 short:col-start-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {topBar}
            <div className="ml-auto flex flex-wrap items-center gap-2">
              <RemovedCards cards={view.removed} fourColour={settings.fourColour} />
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
          {situation && (
            <p
              role="status"
              data-testid="situation"
              className="rounded-md bg-sky-100 px-3 py-1 text-sm font-medium text-sky-950"
            >
              {situation}
            </p>
          )}
          <div className="grid grid-cols-2 gap-1 sm:gap-2">
            {others.map((seat) => (
              <SeatPanel
                key={seat.seat}
                seat={seat}
                name={nameOf(seat.seat)}
                now={now}
                fourColour={settings.fourColour}
                isYou={false}
              />
            ))}
          </div>
          <ClockBar
            label={t("clocks.theirs")}
            clocks={theirClocks}
            now={now}
            you={you}
            nameOf={nameOf}
          />
        </header>
        <div
          data-testid="table-area"
          data-scroller="table"
          className="min-h-16 flex-1 overflow-auto overscroll-contain rounded-xl bg-emerald-800/15 p-2 pt-3 short:col-start-1"
        >
          {view.you && findHint && (
            <div className="mb-2" data-no-motion>
              <HintPanel
                hint={hint}
                busy={inFlight.length > 0}
                fourColour={settings.fourColour}
                meldNumber={(id) => numbers.get(id) ?? id}
              />
            </div>
          )}
          <TableArea view={view} melds={melds} ui={ui} />
        </div>
        {view.you && mine ? (
          // Its parts keep their height and the rack scrolls: a part squeezed below its cards
          // would let them spill under the buttons, out of reach of a tap.
          <section
            aria-label={t("table.rack")}
            data-testid="rack"
            data-scroller="rack"
            className="flex max-h-[62%] shrink-0 flex-col gap-1 overflow-y-auto *:shrink-0 overscroll-contain rounded-xl bg-white/70 p-1 shadow-inner ring-1 ring-stone-200 sm:gap-2 sm:p-2 short:col-start-2 short:row-span-2 short:row-start-1 short:max-h-none short:gap-1 short:p-1"
          >
            <div className="flex flex-wrap items-center gap-2">
              <SeatPanel
                seat={offline ? { ...mine, present: false, awaySince: null } : mine}
                name={nameOf(mine.seat)}
                now={now}
                fourColour={settings.fourColour}
                isYou
              />
              <ClockBar
                label={t("clocks.yours")}
                clocks={ownClocks}
                now={now}
                you={you}
                nameOf={nameOf}
              />
              <p aria-live="polite" className="text-sm text-emerald-900">
                {selectedName && t("table.selected", { card: selectedName })}
              </p>
            </div>
            <ActionButtons
              allowed={offline ? NOTHING_ALLOWED : allowed}
              stockCount={view.you.stockCount}
              dispatch={dispatch}
            />
            <StagingArea staging={view.you.staging} ui={ui} />
            <HandRow
              title={
                view.tiebreak?.seats.includes(view.you.seat) ? t("hand.pile") : t("hand.title")
              }
              cards={hand}
              sort={gestures.sort}
              onSort={gestures.setSort}
              onNudge={gestures.nudgeCard}
              ui={ui}
            />
          </section>
        ) : (
          <>
            <ClockBar
              label={t("clocks.yours")}
              clocks={ownClocks}
              now={now}
              you={you}
              nameOf={nameOf}
            />
            <p aria-live="polite" className="sr-only">
              {selectedName && t("table.selected", { card: selectedName })}
            </p>
          </>
        )}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <CardFace
            card={dragging.card}
            look={{ fourColour: settings.fourColour, selected: true }}
          />
        )}
      </DragOverlay>
      {view.outcome && (
        <EndOfHand
          view={view}
          game={game}
          now={now}
          nameOf={nameOf}
          dispatch={dispatch}
          after={afterHand}
        />
      )}
      <Toasts toasts={toasts} onDismiss={dismiss} />
      <span className="sr-only" aria-live="assertive">
        {refusedCard !== null ? `${t("notices.refused")}: ${shortName(refusedCard)}` : ""}
      </span>
    </DndContext>
  );
}

/** The melds in the order the player saw them last, new ones by the meld they came from. */
function useMeldLayout(table: HandView["table"]): HandView["table"] {
  const shown = useRef<HandView["table"]>([]);
  return useMemo(() => (shown.current = layMelds(shown.current, table)), [table]);
}

/** The frame's top line's first links: home, and the rules beside the game. */
export function HomeAndRules() {
  const t = useTranslations();
  return (
    <>
      <Link href="/" className="font-bold tracking-tight text-emerald-800">
        Machiavelox
      </Link>
      <Link href="/rules" className="text-emerald-800 underline" target="_blank">
        {t("rulesLink")}
      </Link>
    </>
  );
}
