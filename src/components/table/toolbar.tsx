"use client";

// The buttons (enabled only when the rules allow), the running clocks and the
// player's settings.

import dynamic from "next/dynamic";
import { type ReactNode, useEffect, useState } from "react";
import { type Command, type Millis, type Seat } from "@/engine";
import { useTranslations } from "next-intl";
import { LocaleSwitch } from "@/i18n/client";
import { seatColour } from "./card";
import { type Clock, formatCountdown } from "./clocks";
import type { Allowed } from "./controls";
import type { TableSettings } from "./settings";

const PLAIN = "bg-white ring-1 ring-stone-300";
const BUTTON =
  "rounded-md px-3 py-2 text-sm font-medium shadow-sm disabled:cursor-not-allowed disabled:opacity-40 short:px-2 short:py-1";

export function ActionButtons({
  allowed,
  stockCount,
  dispatch,
}: {
  allowed: Allowed;
  stockCount: number;
  dispatch: (command: Command) => void;
}) {
  const t = useTranslations();
  // The one action waiting for its "yes": the ones that can cost −15 (§9, §11.3) ask first.
  const [asking, setAsking] = useState<Confirmed | null>(null);
  const act = { allowed, dispatch };
  // A question whose action the rules no longer allow (someone else's «Stop!», a dropped
  // connection) is withdrawn, and does not come back by itself later.
  const askable = asking !== null && allowed[asking];
  useEffect(() => {
    if (asking && !askable) setAsking(null);
  }, [asking, askable]);
  const confirm: Record<Confirmed, { question: string; yes: string; no: string }> = {
    stop: {
      question: t("actions.stopConfirm"),
      yes: t("actions.stopYes"),
      no: t("actions.notNow"),
    },
    giveup: {
      question: t("actions.giveUpConfirm"),
      yes: t("actions.giveUpYes"),
      no: t("actions.notNow"),
    },
    leave: {
      question: t("actions.leaveConfirm"),
      yes: t("actions.leaveYes"),
      no: t("actions.leaveNo"),
    },
  };
  if (asking && askable) {
    const { question, yes, no } = confirm[asking];
    return (
      <div
        role="alertdialog"
        aria-label={question}
        data-testid={`confirm-${asking}`}
        className="flex flex-wrap items-center gap-2 rounded-md bg-red-50 p-1 text-sm ring-1 ring-red-200"
      >
        <span className="min-w-0 flex-1 basis-60">{question}</span>
        <button
          type="button"
          className={`${BUTTON} bg-red-700 text-white`}
          onClick={() => {
            setAsking(null);
            dispatch({ do: asking });
          }}
        >
          {yes}
        </button>
        <button
          type="button"
          className={`${BUTTON} bg-white ring-1 ring-stone-300`}
          autoFocus
          onClick={() => setAsking(null)}
        >
          {no}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-1.5 sm:gap-2" data-testid="actions">
      <button
        type="button"
        className={`${BUTTON} bg-stone-800 text-white`}
        disabled={!allowed.draw}
        data-stock
        onClick={() => dispatch({ do: "draw" })}
        aria-keyshortcuts="d"
      >
        {stockCount > 0 ? t("stock.label", { n: stockCount }) : t("stock.empty")}
      </button>
      <ActionButton command={{ do: "lay" }} style="bg-emerald-700 text-white" {...act}>
        {t("actions.lay")}
      </ActionButton>
      <ActionButton command={{ do: "end" }} style={PLAIN} {...act}>
        {t("actions.end")}
      </ActionButton>
      <ActionButton command={{ do: "cancel" }} style={PLAIN} {...act}>
        {t("actions.cancel")}
      </ActionButton>
      <ActionButton
        command={{ do: "stop" }}
        style="bg-red-600 font-bold text-white"
        {...act}
        onClick={() => setAsking("stop")}
      >
        {t("actions.stop")}
      </ActionButton>
      {allowed.giveup && (
        <ActionButton
          command={{ do: "giveup" }}
          style="bg-white ring-1 ring-red-300"
          {...act}
          onClick={() => setAsking("giveup")}
        >
          {t("actions.giveUp")}
        </ActionButton>
      )}
      {allowed.release && (
        <ActionButton command={{ do: "release" }} style={PLAIN} {...act}>
          {t("actions.release")}
        </ActionButton>
      )}
      <button
        type="button"
        className={`${BUTTON} ml-auto bg-white text-red-700 ring-1 ring-red-300`}
        disabled={!allowed.leave}
        onClick={() => setAsking("leave")}
      >
        {t("actions.leave")}
      </button>
    </div>
  );
}

type Confirmed = "stop" | "giveup" | "leave";
type ButtonCommand = Extract<Command, { do: keyof Allowed }>;

/** A button for one command, enabled only when the rules allow it. */
function ActionButton({
  command,
  style,
  allowed,
  dispatch,
  onClick,
  children,
}: {
  command: ButtonCommand;
  style: string;
  allowed: Allowed;
  dispatch: (command: Command) => void;
  /** Instead of sending the command at once (asking first). */
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${BUTTON} ${style}`}
      disabled={!allowed[command.do]}
      data-testid={`action-${command.do}`}
      onClick={onClick ?? (() => dispatch(command))}
    >
      {children}
    </button>
  );
}

export function ClockBar({
  label: title,
  clocks,
  now,
  you,
  nameOf,
}: {
  label: string;
  clocks: Clock[];
  now: Millis;
  you: Seat | null;
  nameOf: (seat: Seat) => string;
}) {
  const t = useTranslations();
  if (clocks.length === 0) return null;
  const label = ({ kind, seat }: Clock) => {
    const own = seat === you;
    const who = seat === null ? "" : nameOf(seat);
    switch (kind) {
      case "hold":
        return own ? t("clocks.hold") : t("card.heldBy", { who });
      case "play":
        return own ? t("clocks.play") : t("clocks.otherPlay", { who });
      case "freeze":
        return `${t("clocks.freeze")} (${who})`;
      case "inactivity":
        return t("clocks.inactivity");
      case "tieBreak":
        return t("clocks.tieBreak");
      case "pause":
        return t("clocks.pause");
    }
  };
  return (
    <ul aria-label={title} className="flex flex-wrap gap-2 text-sm">
      {clocks.map((clock) => {
        const left = clock.endsAt - now;
        return (
          <li
            key={`${clock.kind}-${clock.seat ?? "table"}`}
            data-clock={clock.kind}
            className={`flex items-center gap-1.5 rounded-full bg-white px-2.5 py-1 shadow-sm ring-1 ${
              left < 10_000 ? "ring-red-400" : "ring-stone-200"
            }`}
          >
            {clock.seat !== null && (
              <span className={`h-2 w-2 rounded-full ${seatColour(clock.seat).dot}`} />
            )}
            <span>{label(clock)}</span>
            <time className="font-mono font-semibold tabular-nums">{formatCountdown(left)}</time>
          </li>
        );
      })}
    </ul>
  );
}

const LegendDialog = dynamic(() => import("./legend").then((m) => m.LegendDialog));

export function SettingsBar({
  settings,
  update,
}: {
  settings: TableSettings;
  update: (change: Partial<TableSettings>) => void;
}) {
  const t = useTranslations();
  // On a phone, upright or sideways, the settings fold behind one button, so the table keeps the height.
  const [open, setOpen] = useState(false);
  const [legend, setLegend] = useState(false);
  return (
    <div className="relative flex items-center gap-2 text-xs">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="table-settings"
        className="rounded bg-white px-2 py-1 ring-1 ring-stone-300 roomy:hidden"
        onClick={() => setOpen((o) => !o)}
      >
        {t("settings.title")}
      </button>
      <div
        id="table-settings"
        className={`${open ? "flex" : "hidden"} absolute top-full right-0 z-40 mt-1 flex-col items-start gap-2 rounded-lg bg-white p-2 shadow-lg ring-1 ring-stone-300 roomy:static roomy:mt-0 roomy:flex roomy:flex-row roomy:items-center roomy:gap-3 roomy:bg-transparent roomy:p-0 roomy:shadow-none roomy:ring-0`}
      >
        <button
          type="button"
          aria-pressed={settings.muted}
          className="rounded bg-white px-2 py-1 ring-1 ring-stone-300"
          onClick={() => update({ muted: !settings.muted })}
        >
          {settings.muted ? t("settings.unmute") : t("settings.mute")}
        </button>
        <label className="flex items-center gap-1 whitespace-nowrap">
          <input
            type="checkbox"
            checked={settings.fourColour}
            onChange={(e) => update({ fourColour: e.target.checked })}
          />
          {t("settings.fourColour")}
        </label>
        {/* The site's header is under the table's frame: the language is chosen here too. */}
        <LocaleSwitch />
      </div>
      <button
        type="button"
        aria-label={t("legend.open")}
        title={t("legend.open")}
        data-testid="legend-open"
        className="h-8 w-8 rounded-full bg-white font-bold text-emerald-900 ring-1 ring-stone-300"
        onClick={() => setLegend(true)}
      >
        ?
      </button>
      {legend && <LegendDialog onClose={() => setLegend(false)} />}
    </div>
  );
}
