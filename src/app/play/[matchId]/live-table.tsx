"use client";

// The table wired to the live server: the seat's stream (a view, then events with
// patches of it, resumed from the last event id after a reconnect) and one mutation per
// action. A visitor without a seat joins a waiting table, or watches a running one.

import { TRPCClientError } from "@trpc/client";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { isBotLevel } from "@/bots/levels";
import { type Command, type EngineEvent } from "@/engine";
import type { ClassicEvent } from "@/engine/classic";
import { splitGameView } from "@/components/table/game-view";
import { commandRefusalText } from "@/i18n/errors";
import { GameTable, HomeAndRules, type SendResult } from "@/components/table/table";
import { useTranslations } from "next-intl";
import { isClassicView, type MatchInfo, type StreamMessage, viewAfter } from "@/protocol/stream";
import { PatchMismatch } from "@/protocol/view-patch";
import { useTRPCClient } from "../../trpc";

// Shown only once the hand is over: not part of the table's first load.
const AfterHand = dynamic(() => import("./after-hand").then((m) => m.AfterHand));

// Classic's table is its own chunk: a Machiavelox table's first load never carries it.
const ClassicLive = dynamic(() => import("./classic-live"));

/** Events kept for the table's sounds and notices. */
const KEPT_EVENTS = 200;

/** What the stream shows: a hand's view, or a game's view wrapping the hand. */
type StreamView = NonNullable<Extract<StreamMessage, { type: "snapshot" }>["view"]>;
type PlayerCommand = Exclude<Command, { do: "disconnect" | "reconnect" }>;
type Answer = { ok: true; eventId: string };

function reasonOf(error: unknown): string {
  return error instanceof TRPCClientError || error instanceof Error ? error.message : String(error);
}

export function LiveTable({ matchId }: { matchId: string }) {
  const t = useTranslations();
  const client = useTRPCClient();
  const [info, setInfo] = useState<(MatchInfo & { you: number | null }) | null>(null);
  const [view, setView] = useState<StreamView | null>(null);
  const [viewEventId, setViewEventId] = useState(0);
  const [clockAt, setClockAt] = useState(0);
  // The recent events, for the table's sounds and notices: Machiavelox's or classic's.
  const [events, setEvents] = useState<EngineEvent[]>([]);
  const [classicEvents, setClassicEvents] = useState<ClassicEvent[]>([]);
  // "down" only after the stream was up once: the first connection is not a reconnection.
  const [link, setLink] = useState<"connecting" | "up" | "down">("connecting");
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    () => client.match.get.query({ matchId }).then(setInfo, (e: unknown) => setError(reasonOf(e))),
    [client, matchId],
  );
  useEffect(() => void load(), [load]);

  const you = info?.you ?? null;
  const loaded = info !== null;
  const cannotFollow = you === null && info?.status === "WAITING";
  // Subscribes once the seat is known, again only if it changes (joining a waiting table).
  useEffect(() => {
    if (!loaded || cannotFollow) return;
    // The view this subscription has built: a whole view, then patched by each change.
    let held: StreamView | null = null;
    const onData = ({ id, data }: { id: string; data: StreamMessage }) => {
      try {
        held = viewAfter(held, data);
      } catch (e) {
        if (!(e instanceof PatchMismatch)) throw e;
        // The view went astray: start again from a fresh snapshot.
        subscription.unsubscribe();
        held = null;
        subscription = subscribe();
        return;
      }
      setViewEventId(Number(id));
      if (data.type !== "match") setClockAt(data.now);
      if (data.type === "events") {
        if (held && isClassicView(held))
          setClassicEvents((list) =>
            [...list, ...(data.events as ClassicEvent[])].slice(-KEPT_EVENTS),
          );
        else setEvents((list) => [...list, ...(data.events as EngineEvent[])].slice(-KEPT_EVENTS));
      } else setInfo((old) => ({ ...data.match, you: old?.you ?? null }));
      if (data.type !== "match") setView(held);
    };
    const options = {
      onData,
      onError: (e: unknown) => setError(reasonOf(e)),
      onConnectionStateChange: (s: { state: string }) =>
        setLink((old) => (s.state === "pending" ? "up" : old === "connecting" ? old : "down")),
    };
    // The link resends the last tracked id on reconnect, so the stream resumes where it stopped.
    const subscribe = () =>
      you === null
        ? client.match.watch.subscribe({ matchId }, options)
        : client.match.seat.subscribe({ matchId }, options);
    let subscription = subscribe();
    return () => subscription.unsubscribe();
  }, [client, matchId, you, cannotFollow, loaded]);

  const send = useCallback(
    async (command: Command): Promise<SendResult> => {
      if (you === null) return { ok: false, reason: t("spectating") };
      const { do: name, ...fields } = command as PlayerCommand;
      const procedure = client.match[name] as unknown as {
        mutate: (input: object) => Promise<Answer>;
      };
      try {
        const answer = await procedure.mutate({ matchId, seat: you, ...fields });
        return { ok: true, eventId: Number(answer.eventId) };
      } catch (e) {
        return { ok: false, reason: commandRefusalText(t, "refusals", e) };
      }
    },
    [client, matchId, you, t],
  );

  if (error && !info) return <p role="alert">{error}</p>;
  if (!info) return <p>{t("connecting")}</p>;
  const names = info.seats.map((holder, seat) =>
    !holder
      ? `#${seat + 1}`
      : holder.bot && isBotLevel(holder.bot)
        ? t("levels.bot", { name: holder.name, level: t(`levels.names.${holder.bot}`) })
        : holder.name,
  );

  if (info.status === "WAITING" || !view)
    return (
      <WaitingRoom
        info={info}
        onJoin={() =>
          client.match.join.mutate({ matchId }).then(load, (e: unknown) => setError(reasonOf(e)))
        }
        error={error}
      />
    );

  if (isClassicView(view))
    return (
      <ClassicLive
        matchId={matchId}
        you={you}
        view={view}
        clockAt={clockAt}
        events={classicEvents}
        names={names}
        offline={link === "down"}
        endActions={
          <Link href="/" className="rounded-md bg-emerald-700 px-4 py-2 font-medium text-white">
            {t("end.home")}
          </Link>
        }
      />
    );
  const { hand, game } = splitGameView(view);
  // The Hint helps in friendly and practice games; ranked hands are played unaided.
  const findHint =
    you === null || info.kind === "COMPETITIVE"
      ? null
      : () => client.hint.best.query({ matchId, seat: you });
  return (
    <GameTable
      view={hand}
      clockAt={clockAt}
      game={game}
      viewEventId={viewEventId}
      events={events}
      names={names}
      send={send}
      offline={link === "down"}
      findHint={findHint}
      afterHand={<AfterHand info={info} you={you} />}
      topBar={
        <>
          <HomeAndRules />
          {you === null && <span className="text-stone-600">{t("spectating")}</span>}
        </>
      }
    />
  );
}

function WaitingRoom({
  info,
  onJoin,
  error,
}: {
  info: MatchInfo & { you: number | null };
  onJoin: () => void;
  error: string | null;
}) {
  const t = useTranslations();
  const taken = info.seats.filter(Boolean).length;
  return (
    <section className="mx-auto max-w-md space-y-4 rounded-xl bg-white p-6 shadow">
      <h1 className="text-xl font-bold">{t("waiting.title", { taken })}</h1>
      <ul className="space-y-1">
        {info.seats.map((holder, seat) => (
          <li key={seat}>{holder ? holder.name : t("waiting.free")}</li>
        ))}
      </ul>
      {info.you === null && info.status === "WAITING" ? (
        <button
          type="button"
          className="rounded-md bg-emerald-700 px-4 py-2 font-medium text-white"
          onClick={onJoin}
        >
          {t("waiting.join")}
        </button>
      ) : (
        <p className="text-sm text-stone-600">{t("waiting.share")}</p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
