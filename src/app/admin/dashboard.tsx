"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { errorText, wordFor } from "@/i18n/errors";
import { isolate } from "@/protocol/bidi";
import { useTRPC, useTRPCClient } from "../trpc";
import { banEnd } from "@/i18n/format";
import { botName, ErrorText, input, Panel, quietButton, when } from "../games/ui";

type Tab = "users" | "matches" | "reports" | "puzzles" | "audit";
const TABS: Tab[] = ["users", "matches", "reports", "puzzles", "audit"];

/** Ban lengths offered, in minutes (null: until lifted), named in the catalog's `durations`. */
const DURATIONS = [
  ["hour", 60],
  ["day", 24 * 60],
  ["week", 7 * 24 * 60],
  ["month", 30 * 24 * 60],
  ["lifted", null],
] as const;
const ROLES = ["PLAYER", "MODERATOR", "ADMIN"] as const;

/** Two buttons choosing between two lists (live or past, open or resolved). */
function Toggle(props: {
  value: boolean;
  set: (value: boolean) => void;
  labels: [string, string];
}) {
  return (
    <div className="flex gap-2">
      {[true, false].map((choice, index) => (
        <button
          key={props.labels[index]}
          type="button"
          className={quietButton}
          aria-pressed={props.value === choice}
          onClick={() => props.set(choice)}
        >
          {props.labels[index]}
        </button>
      ))}
    </div>
  );
}

/** One small form per action: a reason (and more), then the mutation. */
function useAction() {
  const t = useTranslations();
  const [error, setError] = useState<string | null>(null);
  const run = (work: Promise<unknown>, done: () => unknown) => {
    setError(null);
    work.then(done, (failure: unknown) => setError(errorText(failure, t)));
  };
  return { error, run };
}

function Users({ isAdmin }: { isAdmin: boolean }) {
  const t = useTranslations();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [query, setQuery] = useState("");
  const users = useQuery(trpc.admin.users.queryOptions({ query }));
  const { error, run } = useAction();
  const ban = (userId: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const minutes = DURATIONS[Number(form.get("duration"))]![1];
    run(client.admin.ban.mutate({ userId, reason: String(form.get("reason")), minutes }), () =>
      users.refetch(),
    );
  };
  return (
    <Panel title={t("site.admin.users")}>
      <input
        aria-label={t("site.admin.search")}
        placeholder={t("site.admin.searchPlaceholder")}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className={input}
      />
      <ErrorText message={error} />
      <ul className="divide-y divide-stone-200">
        {users.data?.map((user) => (
          <li key={user.id} data-testid={`user-${user.name}`} className="space-y-2 py-3 text-sm">
            <div className="flex flex-wrap items-center gap-3">
              <Link
                href={`/u/${encodeURIComponent(user.name)}`}
                className="font-medium hover:underline"
              >
                <bdi>{user.name}</bdi>
              </Link>
              <span className="text-stone-500">{t(`site.roles.${user.role}`)}</span>
              {user.bans.map((one) => (
                <span key={one.id} className="rounded bg-red-100 px-2 text-red-800">
                  {t("site.admin.ban", {
                    kind: one.kind,
                    end: banEnd(t, one.endsAt),
                    reason: isolate(one.reason),
                  })}
                </span>
              ))}
              {isAdmin && (
                <select
                  aria-label={t("site.admin.roleOf", { name: user.name })}
                  value={user.role}
                  className={input}
                  onChange={(event) =>
                    run(
                      client.admin.setRole.mutate({
                        userId: user.id,
                        role: event.target.value as (typeof ROLES)[number],
                      }),
                      () => users.refetch(),
                    )
                  }
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`site.roles.${role}`)}
                    </option>
                  ))}
                </select>
              )}
            </div>
            <form onSubmit={ban(user.id)} className="flex flex-wrap gap-2">
              <input
                name="reason"
                aria-label={t("site.admin.reasonToBan", { name: user.name })}
                placeholder={t("site.admin.reason")}
                className={input}
              />
              <select
                name="duration"
                aria-label={t("site.admin.duration")}
                className={input}
                defaultValue={1}
              >
                {DURATIONS.map(([name], index) => (
                  <option key={name} value={index}>
                    {t(`site.admin.durations.${name}`)}
                  </option>
                ))}
              </select>
              <button type="submit" className={quietButton}>
                {t("site.admin.banButton")}
              </button>
              {user.bans.length > 0 && (
                <button
                  type="button"
                  className={quietButton}
                  onClick={() =>
                    run(
                      client.admin.unban.mutate({
                        userId: user.id,
                        reason: t("site.admin.liftedReason"),
                      }),
                      () => users.refetch(),
                    )
                  }
                >
                  {t("site.admin.liftBans")}
                </button>
              )}
            </form>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Matches() {
  const t = useTranslations();
  const format = useFormatter();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [live, setLive] = useState(true);
  const [open, setOpen] = useState<string | null>(null);
  const matches = useQuery(trpc.admin.matches.queryOptions({ live }));
  const detail = useQuery({
    ...trpc.admin.match.queryOptions({ matchId: open ?? "" }),
    enabled: open !== null,
  });
  const { error, run } = useAction();
  const end = (matchId: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason"));
    run(client.admin.endMatch.mutate({ matchId, reason }), () => matches.refetch());
  };
  return (
    <Panel title={t("site.admin.matches")}>
      <Toggle value={live} set={setLive} labels={[t("site.admin.live"), t("site.admin.past")]} />
      <ErrorText message={error} />
      <ul className="divide-y divide-stone-200 text-sm">
        {matches.data?.map((match) => (
          <li key={match.id} className="space-y-2 py-2">
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className="font-mono underline"
                onClick={() => setOpen(open === match.id ? null : match.id)}
              >
                {match.id.slice(-8)}
              </button>
              <span>{t(`site.kinds.${match.kind}`)}</span>
              <span className="text-stone-500">{t(`site.statuses.${match.status}`)}</span>
              <span>
                {match.seats.map((seat, at) => (
                  <span key={seat.seat}>
                    {at > 0 && " · "}
                    <bdi>{seat.user?.name ?? botName(t, seat.seat, seat.bot)}</bdi>
                  </span>
                ))}
              </span>
              <span className="text-stone-500">
                {when(format, match.startedAt ?? match.createdAt)}
              </span>
              {match.endedReason && (
                <span className="text-red-700">
                  {t("site.admin.endedBecause", { reason: isolate(match.endedReason) })}
                </span>
              )}
              {match.status !== "WAITING" && (
                <Link
                  href={match.status === "ENDED" ? `/replay/${match.id}` : `/play/${match.id}`}
                  className="underline"
                >
                  {match.status === "ENDED" ? t("site.admin.replay") : t("site.admin.watch")}
                </Link>
              )}
            </div>
            {open === match.id && detail.data && (
              <div className="rounded bg-stone-50 p-2">
                <p>
                  {t("site.admin.detail", {
                    entries: detail.data._count.events,
                    hands:
                      detail.data.hands
                        .map((hand) => `#${hand.number} ${hand.scores.join("/")}`)
                        .join(", ") || t("site.admin.noHands"),
                  })}
                </p>
                {live && (
                  <form onSubmit={end(match.id)} className="mt-2 flex gap-2">
                    <input
                      name="reason"
                      aria-label={t("site.admin.reasonToEnd")}
                      placeholder={t("site.admin.reason")}
                      className={input}
                    />
                    <button type="submit" className={quietButton}>
                      {t("site.admin.endMatch")}
                    </button>
                  </form>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Reports() {
  const t = useTranslations();
  const format = useFormatter();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [open, setOpen] = useState(true);
  const reports = useQuery(trpc.admin.reports.queryOptions({ open }));
  const { error, run } = useAction();
  const resolve = (reportId: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const resolution = String(new FormData(event.currentTarget).get("resolution"));
    run(client.admin.resolveReport.mutate({ reportId, resolution }), () => reports.refetch());
  };
  return (
    <Panel title={t("site.admin.reports")}>
      <Toggle
        value={open}
        set={setOpen}
        labels={[t("site.admin.open"), t("site.admin.resolved")]}
      />
      <ErrorText message={error} />
      {reports.data?.length === 0 && (
        <p className="text-sm text-stone-500">{t("site.admin.nothing")}</p>
      )}
      <ul className="divide-y divide-stone-200 text-sm">
        {reports.data?.map((report) => (
          <li key={report.id} className="space-y-1 py-2">
            <p>
              <strong>
                <bdi>{report.reporter.name}</bdi>
              </strong>{" "}
              {t("site.admin.about")}{" "}
              <strong>
                <bdi>{report.reported.name}</bdi>
              </strong>{" "}
              · {when(format, report.createdAt)}: <bdi>{report.reason}</bdi>
            </p>
            {report.resolution ? (
              <p className="text-stone-600">
                {t("site.admin.resolvedBy", {
                  name: isolate(report.resolvedBy?.name ?? ""),
                  resolution: isolate(report.resolution),
                })}
              </p>
            ) : (
              <form onSubmit={resolve(report.id)} className="flex gap-2">
                <input
                  name="resolution"
                  aria-label={t("site.admin.resolution")}
                  placeholder={t("site.admin.resolutionPlaceholder")}
                  className={input}
                />
                <button type="submit" className={quietButton}>
                  {t("site.admin.resolve")}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** Reports on puzzles: a moderator dismisses one, or disables its puzzle (never served again). */
function PuzzleReports() {
  const t = useTranslations();
  const format = useFormatter();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [open, setOpen] = useState(true);
  const reports = useQuery(trpc.puzzle.reports.queryOptions({ open }));
  const { error, run } = useAction();
  const close = (reportId: string, action: "dismiss" | "disable") =>
    run(client.puzzle.closeReport.mutate({ reportId, action }), () => reports.refetch());
  return (
    <Panel title={t("puzzles.admin.title")}>
      <Toggle
        value={open}
        set={setOpen}
        labels={[t("puzzles.admin.open"), t("puzzles.admin.closed")]}
      />
      <ErrorText message={error} />
      {reports.data?.length === 0 && (
        <p className="text-sm text-stone-500">{t("puzzles.admin.nothing")}</p>
      )}
      <ul className="divide-y divide-stone-200 text-sm">
        {reports.data?.map((report) => (
          <li
            key={report.id}
            data-testid={`puzzle-report-${report.puzzle.id}`}
            className="space-y-1 py-2"
          >
            <p className="flex flex-wrap items-center gap-2">
              <Link href={`/puzzles?id=${report.puzzle.id}`} className="font-mono underline">
                {report.puzzle.id}
              </Link>
              <span className="text-stone-500">
                {Math.round(report.puzzle.rating)} ·{" "}
                {t("puzzles.admin.reports", { n: report.puzzle._count.reports })}
              </span>
              {report.puzzle.hidden && (
                <span className="rounded bg-red-100 px-2 text-red-800">
                  {t("puzzles.admin.disabled")}
                </span>
              )}
            </p>
            <p>
              <strong>{t(`puzzles.reportKinds.${report.kind}`)}</strong> ·{" "}
              {t("puzzles.admin.reportedBy", { name: isolate(report.reporter.name) })} ·{" "}
              {when(format, report.createdAt)}: <bdi>{report.reason}</bdi>
            </p>
            {report.status === "OPEN" ? (
              <div className="flex gap-2">
                <button
                  type="button"
                  className={quietButton}
                  onClick={() => close(report.id, "dismiss")}
                >
                  {t("puzzles.admin.dismiss")}
                </button>
                <button
                  type="button"
                  className={quietButton}
                  onClick={() => close(report.id, "disable")}
                >
                  {t("puzzles.admin.disable")}
                </button>
              </div>
            ) : (
              <p className="text-stone-600">
                {t(`puzzles.admin.status.${report.status}`)}
                {report.closedBy &&
                  ` ${t("puzzles.admin.closedBy", { name: isolate(report.closedBy.name) })}`}
              </p>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Audit() {
  const t = useTranslations();
  const format = useFormatter();
  const trpc = useTRPC();
  const entries = useQuery(trpc.admin.audit.queryOptions());
  return (
    <Panel title={t("site.admin.audit")}>
      <ul className="divide-y divide-stone-200 text-sm">
        {entries.data?.map((entry) => (
          <li key={entry.id} className="py-1">
            <span className="text-stone-500">{when(format, entry.createdAt)}</span>{" "}
            <strong>
              <bdi>{entry.actor.name}</bdi>
            </strong>{" "}
            [{wordFor(t, "site.admin.actions", entry.action) ?? entry.action}]{" "}
            <bdi>{entry.detail}</bdi>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function Dashboard({ isAdmin }: { isAdmin: boolean }) {
  const t = useTranslations();
  const [tab, setTab] = useState<Tab>("users");
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">{t("site.admin.title")}</h1>
      <nav className="flex flex-wrap gap-2">
        {TABS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={tab === value}
            className={quietButton}
            onClick={() => setTab(value)}
          >
            {value === "puzzles" ? t("puzzles.admin.tab") : t(`site.admin.tabs.${value}`)}
          </button>
        ))}
      </nav>
      {tab === "users" && <Users isAdmin={isAdmin} />}
      {tab === "matches" && <Matches />}
      {tab === "reports" && <Reports />}
      {tab === "puzzles" && <PuzzleReports />}
      {tab === "audit" && <Audit />}
    </div>
  );
}
