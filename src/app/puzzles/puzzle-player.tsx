"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { type Command, meldRulesFor, viewFor } from "@/engine";
import { PREVIEW_NAMES } from "@/components/table/fixture";
import { useLocalHand, useLocalSend } from "@/components/table/local-hand";
import { GameTable, type SendResult } from "@/components/table/table";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { invalidMeld } from "@/puzzles/check";
import { PUZZLE_SEAT, puzzleHand, solutionSteps, submissionOf } from "@/puzzles/table";
import type { PuzzleTheme } from "@/puzzles/types";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "../trpc";

type Mode = "daily" | "rated" | "streak" | "shared";
type PuzzleOutputs = inferRouterOutputs<AppRouter>["puzzle"];
type PublicPuzzle = PuzzleOutputs["get"];
type AttemptResult = PuzzleOutputs["submit"];
const THEMES: PuzzleTheme[] = ["sets-to-runs", "run-split", "set-lends", "ace-ends"];
const button = "rounded bg-white px-2 py-0.5 ring-1 ring-amber-300 disabled:opacity-50";

export function PuzzlePlayer({
  signedIn,
  moderator,
  mode,
  id,
}: {
  signedIn: boolean;
  moderator: boolean;
  mode: Mode;
  id: string | null;
}) {
  const t = useTranslations();
  const trpc = useTRPC();
  const [themes, setThemes] = useState<PuzzleTheme[]>([]);
  const options =
    mode === "shared"
      ? trpc.puzzle.get.queryOptions({ id: id ?? "" })
      : mode === "daily"
        ? trpc.puzzle.daily.queryOptions()
        : trpc.puzzle.next.queryOptions({ themes });
  const puzzle = useQuery({ ...options, staleTime: Infinity, refetchOnWindowFocus: false });
  const queryClient = useQueryClient();
  const next = () => void queryClient.invalidateQueries({ queryKey: options.queryKey });
  if (puzzle.error) return <p className="p-6 text-red-800">{errorText(puzzle.error, t)}</p>;
  if (!puzzle.data) return <p className="p-6">{t("puzzles.loading")}</p>;
  return (
    <PuzzleBoard
      key={puzzle.data.id}
      puzzle={puzzle.data}
      streak={mode === "streak"}
      moderator={moderator}
      onNext={mode === "rated" || mode === "streak" ? next : null}
      topBar={
        <>
          <Link href="/" className="font-bold tracking-tight text-emerald-800">
            Machiavelox
          </Link>
          <span className="font-semibold">
            {mode === "daily"
              ? t("puzzles.daily")
              : mode === "streak"
                ? t("puzzles.streak")
                : t("puzzles.title")}
          </span>
          {signedIn ? (
            <>
              <Link href="/puzzles" className="text-emerald-800 underline">
                {t("puzzles.title")}
              </Link>
              <Link href="/puzzles?streak=1" className="text-emerald-800 underline">
                {t("puzzles.streak")}
              </Link>
              <Link href="/puzzles?daily=1" className="text-emerald-800 underline">
                {t("puzzles.daily")}
              </Link>
            </>
          ) : (
            <Link href="/signin?callbackUrl=%2Fpuzzles" className="text-emerald-800 underline">
              {t("puzzles.signIn")}
            </Link>
          )}
          {mode === "rated" && (
            <span className="flex flex-wrap gap-2" aria-label={t("puzzles.themes")}>
              {THEMES.map((theme) => (
                <label key={theme} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    checked={themes.includes(theme)}
                    onChange={(e) =>
                      setThemes((list) =>
                        e.target.checked ? [...list, theme] : list.filter((x) => x !== theme),
                      )
                    }
                  />
                  {t(`puzzles.themeNames.${theme}`)}
                </label>
              ))}
            </span>
          )}
        </>
      }
    />
  );
}

function PuzzleBoard({
  puzzle,
  streak,
  moderator,
  onNext,
  topBar,
}: {
  puzzle: PublicPuzzle;
  streak: boolean;
  moderator: boolean;
  onNext: (() => void) | null;
  topBar: React.ReactNode;
}) {
  const t = useTranslations();
  const trpc = useTRPC();
  const { position } = puzzle;
  const deal = useCallback(() => puzzleHand(position), [position]);
  const local = useLocalHand(deal, { stillClock: true });
  const sendLocal = useLocalSend(local.act, PUZZLE_SEAT);
  // Undo replays every command but the last on a fresh deal: the engine's state is the
  // commands' result, so nothing else needs keeping.
  const done = useRef<Command[]>([]);
  const [, setCount] = useState(0);
  const send = useCallback(
    async (command: Command): Promise<SendResult> => {
      const result = await sendLocal(command);
      if (result.ok) {
        done.current.push(command);
        setCount(done.current.length);
      }
      return result;
    },
    [sendLocal],
  );
  const replay = (commands: Command[]) => {
    local.restart(deal());
    done.current = [];
    for (const command of commands) void send(command);
    setCount(done.current.length);
  };
  const submit = useMutation(trpc.puzzle.submit.mutationOptions());
  const hide = useMutation(trpc.puzzle.hide.mutationOptions());
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [step, setStep] = useState(0);
  const steps = useMemo(
    () => (result ? solutionSteps(position, result.solution) : []),
    [result, position],
  );

  const submission = submissionOf(position, local.state);
  const bad = invalidMeld(meldRulesFor(position.rules), submission.melds);
  const shown = result ? steps[step]! : local.state;
  const view = useMemo(() => viewFor(shown, PUZZLE_SEAT), [shown]);
  const share = `/puzzles?id=${puzzle.id}`;

  const coach = (
    <div
      role="status"
      data-testid="puzzle-panel"
      data-valid={bad === null}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-amber-100 px-3 py-1.5 text-sm text-amber-950 ring-1 ring-amber-300"
    >
      <span className="font-semibold">{t("puzzles.goal", { n: puzzle.goal })}</span>
      <span>{t(`puzzles.rules.${position.rules}`)}</span>
      <span>
        {puzzle.rating} ·{" "}
        <Link href={share} className="underline">
          {t("puzzles.share")}
        </Link>
      </span>
      {!result ? (
        <>
          <span
            data-testid="puzzle-valid"
            className={bad === null ? "text-emerald-800" : "text-red-800"}
          >
            {bad === null ? `✓ ${t("puzzles.valid")}` : `✗ ${t("puzzles.invalid")}`}
          </span>
          <span data-testid="puzzle-placed">
            {t("puzzles.placed", { n: submission.placed.length, of: puzzle.goal })}
          </span>
          <button
            type="button"
            className={button}
            disabled={done.current.length === 0}
            onClick={() => replay(done.current.slice(0, -1))}
          >
            {t("puzzles.undo")}
          </button>
          <button type="button" className={button} onClick={() => replay([])}>
            {t("puzzles.reset")}
          </button>
          <button
            type="button"
            data-testid="puzzle-submit"
            className={`${button} font-semibold`}
            disabled={bad !== null || submit.isPending}
            onClick={() =>
              submit.mutate(
                { id: puzzle.id, ...submission, streak },
                { onSuccess: (answer) => setResult(answer) },
              )
            }
          >
            {t("puzzles.submit")}
          </button>
          {submit.error && <span className="text-red-800">{errorText(submit.error, t)}</span>}
        </>
      ) : (
        <>
          <span data-testid="puzzle-result" data-solved={result.solved} className="font-semibold">
            {result.solved ? t("puzzles.solved") : t("puzzles.failed")}
          </span>
          {result.bonus && (
            <span>
              {t("puzzles.bonus", { yours: result.moved, solver: result.solution.moved })}
            </span>
          )}
          <span data-testid="puzzle-rating">
            {result.rating
              ? t("puzzles.ratingChange", {
                  before: result.rating.before,
                  after: result.rating.after,
                  change: result.rating.after - result.rating.before,
                })
              : t("puzzles.unrated")}
          </span>
          {result.streak !== null && <span>{t("puzzles.streakText", { n: result.streak })}</span>}
          <span data-testid="puzzle-step" data-step={step}>
            {t("puzzles.solution")}: {t("puzzles.step", { n: step, of: steps.length - 1 })}
          </span>
          <button
            type="button"
            className={button}
            disabled={step === 0}
            onClick={() => setStep(step - 1)}
          >
            {t("puzzles.previous")}
          </button>
          <button
            type="button"
            data-testid="puzzle-next-step"
            className={button}
            disabled={step >= steps.length - 1}
            onClick={() => setStep(step + 1)}
          >
            {t("puzzles.nextStep")}
          </button>
          {onNext && (
            <button type="button" className={`${button} font-semibold`} onClick={onNext}>
              {t("puzzles.next")}
            </button>
          )}
        </>
      )}
      {moderator && (
        <button
          type="button"
          className={button}
          disabled={hide.isPending || hide.isSuccess}
          onClick={() => hide.mutate({ id: puzzle.id, hidden: true })}
        >
          {hide.isSuccess ? "✓ " : ""}
          {t("puzzles.report")}
        </button>
      )}
      {hide.error && <span className="text-red-800">{errorText(hide.error, t)}</span>}
    </div>
  );
  return (
    <GameTable
      key={result ? "solution" : "attempt"}
      view={view}
      viewEventId={shown.nextEventId - 1}
      events={result ? [] : local.events}
      names={PREVIEW_NAMES}
      send={result ? async () => ({ ok: false, reason: t("puzzles.solution") }) : send}
      coach={coach}
      stillClock
      topBar={topBar}
    />
  );
}
