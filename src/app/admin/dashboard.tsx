"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useMessages } from "@/i18n/client";
import { errorText, wordFor } from "@/i18n/errors";
import { isolate } from "@/protocol/bidi";
import { useTRPC, useTRPCClient } from "../trpc";
import { botName, ErrorText, input, Panel, quietButton, when } from "../games/ui";

type Tab = "users" | "matches" | "reports" | "puzzles" | "audit";
const TABS: Tab[] = ["users", "matches", "reports", "puzzles", "audit"];

/** Ban lengths offered, in minutes (null: until lifted), named in the dictionary's `durations`. */
const DURATIONS: (number | null)[] = [60, 24 * 60, 7 * 24 * 60, 30 * 24 * 60, null];
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
  const messages = useMessages();
  const [error, setError] = useState<string | null>(null);
  const run = (work: Promise<unknown>, done: () => unknown) => {
    setError(null);
    work.then(done, (failure: unknown) => setError(errorText(failure, messages)));
  };
  return { error, run };
}

function Users({ isAdmin }: { isAdmin: boolean }) {
  const site = useMessages().site;
  const t = site.admin;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [query, setQuery] = useState("");
  const users = useQuery(trpc.admin.users.queryOptions({ query }));
  const { error, run } = useAction();
  const ban = (userId: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const minutes = DURATIONS[Number(form.get("duration"))]!;
    run(client.admin.ban.mutate({ userId, reason: String(form.get("reason")), minutes }), () =>
      users.refetch(),
    );
  };
  return (
    <Panel title={t.users}>
      <input
        aria-label={t.search}
        placeholder={t.searchPlaceholder}
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
              <span className="text-stone-500">{site.roles[user.role]}</span>
              {user.bans.map((one) => (
                <span key={one.id} className="rounded bg-red-100 px-2 text-red-800">
                  {t.ban(
                    one.kind,
                    site.banEnd(one.endsAt && when(one.endsAt)),
                    isolate(one.reason),
                  )}
                </span>
              ))}
              {isAdmin && (
                <select
                  aria-label={t.roleOf(user.name)}
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
                      {site.roles[role]}
                    </option>
                  ))}
                </select>
              )}
            </div>
            <form onSubmit={ban(user.id)} className="flex flex-wrap gap-2">
              <input
                name="reason"
                aria-label={t.reasonToBan(user.name)}
                placeholder={t.reason}
                className={input}
              />
              <select name="duration" aria-label={t.duration} className={input} defaultValue={1}>
                {t.durations.map((label, index) => (
                  <option key={label} value={index}>
                    {label}
                  </option>
                ))}
              </select>
              <button type="submit" className={quietButton}>
                {t.banButton}
              </button>
              {user.bans.length > 0 && (
                <button
                  type="button"
                  className={quietButton}
                  onClick={() =>
                    run(
                      client.admin.unban.mutate({
                        userId: user.id,
                        reason: t.liftedReason,
                      }),
                      () => users.refetch(),
                    )
                  }
                >
                  {t.liftBans}
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
  const messages = useMessages();
  const site = messages.site;
  const t = site.admin;
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
    <Panel title={t.matches}>
      <Toggle value={live} set={setLive} labels={[t.live, t.past]} />
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
              <span>{site.kinds[match.kind]}</span>
              <span className="text-stone-500">{site.statuses[match.status]}</span>
              <span>
                {match.seats.map((seat, at) => (
                  <span key={seat.seat}>
                    {at > 0 && " · "}
                    <bdi>{seat.user?.name ?? botName(messages, seat.seat, seat.bot)}</bdi>
                  </span>
                ))}
              </span>
              <span className="text-stone-500">{when(match.startedAt ?? match.createdAt)}</span>
              {match.endedReason && (
                <span className="text-red-700">{t.endedBecause(isolate(match.endedReason))}</span>
              )}
              {match.status !== "WAITING" && (
                <Link
                  href={match.status === "ENDED" ? `/replay/${match.id}` : `/play/${match.id}`}
                  className="underline"
                >
                  {match.status === "ENDED" ? t.replay : t.watch}
                </Link>
              )}
            </div>
            {open === match.id && detail.data && (
              <div className="rounded bg-stone-50 p-2">
                <p>
                  {t.detail(
                    detail.data._count.events,
                    detail.data.hands
                      .map((hand) => `#${hand.number} ${hand.scores.join("/")}`)
                      .join(", ") || t.noHands,
                  )}
                </p>
                {live && (
                  <form onSubmit={end(match.id)} className="mt-2 flex gap-2">
                    <input
                      name="reason"
                      aria-label={t.reasonToEnd}
                      placeholder={t.reason}
                      className={input}
                    />
                    <button type="submit" className={quietButton}>
                      {t.endMatch}
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
  const t = useMessages().site.admin;
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
    <Panel title={t.reports}>
      <Toggle value={open} set={setOpen} labels={[t.open, t.resolved]} />
      <ErrorText message={error} />
      {reports.data?.length === 0 && <p className="text-sm text-stone-500">{t.nothing}</p>}
      <ul className="divide-y divide-stone-200 text-sm">
        {reports.data?.map((report) => (
          <li key={report.id} className="space-y-1 py-2">
            <p>
              <strong>
                <bdi>{report.reporter.name}</bdi>
              </strong>{" "}
              {t.about}{" "}
              <strong>
                <bdi>{report.reported.name}</bdi>
              </strong>{" "}
              · {when(report.createdAt)}: <bdi>{report.reason}</bdi>
            </p>
            {report.resolution ? (
              <p className="text-stone-600">
                {t.resolvedBy(isolate(report.resolvedBy?.name ?? ""), isolate(report.resolution))}
              </p>
            ) : (
              <form onSubmit={resolve(report.id)} className="flex gap-2">
                <input
                  name="resolution"
                  aria-label={t.resolution}
                  placeholder={t.resolutionPlaceholder}
                  className={input}
                />
                <button type="submit" className={quietButton}>
                  {t.resolve}
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
  const words = useMessages().puzzles;
  const t = words.admin;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [open, setOpen] = useState(true);
  const reports = useQuery(trpc.puzzle.reports.queryOptions({ open }));
  const { error, run } = useAction();
  const close = (reportId: string, action: "dismiss" | "disable") =>
    run(client.puzzle.closeReport.mutate({ reportId, action }), () => reports.refetch());
  return (
    <Panel title={t.title}>
      <Toggle value={open} set={setOpen} labels={[t.open, t.closed]} />
      <ErrorText message={error} />
      {reports.data?.length === 0 && <p className="text-sm text-stone-500">{t.nothing}</p>}
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
                {Math.round(report.puzzle.rating)} · {t.reports(report.puzzle._count.reports)}
              </span>
              {report.puzzle.hidden && (
                <span className="rounded bg-red-100 px-2 text-red-800">{t.disabled}</span>
              )}
            </p>
            <p>
              <strong>{words.reportKinds[report.kind]}</strong> ·{" "}
              {t.reportedBy(isolate(report.reporter.name))} · {when(report.createdAt)}:{" "}
              <bdi>{report.reason}</bdi>
            </p>
            {report.status === "OPEN" ? (
              <div className="flex gap-2">
                <button
                  type="button"
                  className={quietButton}
                  onClick={() => close(report.id, "dismiss")}
                >
                  {t.dismiss}
                </button>
                <button
                  type="button"
                  className={quietButton}
                  onClick={() => close(report.id, "disable")}
                >
                  {t.disable}
                </button>
              </div>
            ) : (
              <p className="text-stone-600">
                {t.status[report.status]}
                {report.closedBy && ` ${t.closedBy(isolate(report.closedBy.name))}`}
              </p>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function Audit() {
  const t = useMessages().site.admin;
  const trpc = useTRPC();
  const entries = useQuery(trpc.admin.audit.queryOptions());
  return (
    <Panel title={t.audit}>
      <ul className="divide-y divide-stone-200 text-sm">
        {entries.data?.map((entry) => (
          <li key={entry.id} className="py-1">
            <span className="text-stone-500">{when(entry.createdAt)}</span>{" "}
            <strong>
              <bdi>{entry.actor.name}</bdi>
            </strong>{" "}
            [{wordFor(t.actions, entry.action) ?? entry.action}] <bdi>{entry.detail}</bdi>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function Dashboard({ isAdmin }: { isAdmin: boolean }) {
  const messages = useMessages();
  const t = messages.site.admin;
  const puzzles = messages.puzzles.admin;
  const [tab, setTab] = useState<Tab>("users");
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
      <nav className="flex flex-wrap gap-2">
        {TABS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={tab === value}
            className={quietButton}
            onClick={() => setTab(value)}
          >
            {value === "puzzles" ? puzzles.tab : t.tabs[value]}
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
