"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { type Command, viewFor } from "@/engine";
import { PREVIEW_NAMES } from "@/components/table/fixture";
import { useLocalHand, useLocalSend } from "@/components/table/local-hand";
import { GameTable, type SendResult } from "@/components/table/table";
import { useTranslations } from "next-intl";
import { rejectionText, errorText } from "@/i18n/errors";
import { invalidMeld, type Submission } from "@/puzzles/check";
import { PUZZLE_SEAT, puzzleHand, solutionSteps, submissionOf } from "@/puzzles/table";
import {
  CLASSIC_PUZZLE_SEAT,
  classicPuzzleGame,
  classicSolutionSteps,
  classicSubmission,
} from "@/puzzles/classic";
import {
  applyClassic,
  type ClassicCommand,
  type ClassicEvent,
  classicEventsFor,
  classicViewFor,
} from "@/engine/classic";
import { ClassicTable, type ClassicActResult } from "@/components/classic/classic-table";
import { PUZZLE_THEMES, type PuzzleTheme } from "@/puzzles/types";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/_app";
import { useTRPC } from "../trpc";

type Mode = "daily" | "rated" | "streak" | "shared";
type PuzzleOutputs = inferRouterOutputs<AppRouter>["puzzle"];
type PublicPuzzle = PuzzleOutputs["get"];
type AttemptResult = PuzzleOutputs["submit"];
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
        : trpc.puzzle.next.queryOptions(mode === "streak" ? { streak: true } : { themes });
  const puzzle = useQuery({ ...options, staleTime: Infinity, refetchOnWindowFocus: false });
  const queryClient = useQueryClient();
  const next = () => void queryClient.invalidateQueries({ queryKey: options.queryKey });
  if (puzzle.error) return <p className="p-6 text-red-800">{errorText(puzzle.error, t)}</p>;
  if (!puzzle.data) return <p className="p-6">{t("puzzles.loading")}</p>;
  return (
    <PuzzleBoard
      key={`${puzzle.data.id}:${puzzle.dataUpdatedAt}`}
      puzzle={puzzle.data}
      streak={mode === "streak"}
      signedIn={signedIn}
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
              {PUZZLE_THEMES.map((theme) => (
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

type BoardProps = {
  puzzle: PublicPuzzle;
  streak: boolean;
  signedIn: boolean;
  moderator: boolean;
  onNext: (() => void) | null;
  topBar: React.ReactNode;
};

/** A classic puzzle (Tahiti's jokers included) on the classic table, the others on Machiavelox's. */
function PuzzleBoard(props: BoardProps) {
  return props.puzzle.position.rules === "classic" ? (
    <ClassicBoard {...props} />
  ) : (
    <MachiaveloxBoard {...props} />
  );
}

/** After an attempt: the verdict, and the solution's states stepped through. */
function useAttempt<State>(solutionStates: (solution: AttemptResult["solution"]) => State[]) {
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [step, setStep] = useState(0);
  const steps = useMemo(
    () => (result ? solutionStates(result.solution) : []),
    [result, solutionStates],
  );
  return { result, setResult, step, setStep, steps };
}

/** The puzzle's panel above either table: goal, light, submit; then verdict and solution steps. */
function Coach({
  board: { puzzle, streak, signedIn, moderator, onNext },
  submission,
  controls,
  attempt: { result, setResult, step, setStep, steps },
}: {
  board: BoardProps;
  submission: Submission;
  /** The Machiavelox table's undo and reset (the classic table has its own). */
  controls: React.ReactNode;
  attempt: ReturnType<typeof useAttempt<unknown>>;
}) {
  const t = useTranslations();
  const trpc = useTRPC();
  const { position } = puzzle;
  const submit = useMutation(trpc.puzzle.submit.mutationOptions());
  const hide = useMutation(trpc.puzzle.hide.mutationOptions());
  const bad = invalidMeld(position.rules, submission.melds);
  const share = `/puzzles?id=${puzzle.id}`;
  return (
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
          {controls}
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
          {result.streak !== null && (
            <span data-testid="puzzle-streak">
              {result.solved
                ? t("puzzles.streakText", { n: result.streak })
                : t("puzzles.streakOver", { n: result.streakBefore ?? 0 })}
            </span>
          )}
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
            <button
              type="button"
              data-testid="puzzle-next"
              className={`${button} font-semibold`}
              onClick={onNext}
            >
              {!streak
                ? t("puzzles.next")
                : result.solved
                  ? t("puzzles.streakNext")
                  : t("puzzles.streakAgain")}
            </button>
          )}
        </>
      )}
      {streak && !result && <span className="text-xs">{t("puzzles.streakRules")}</span>}
      {signedIn && <ReportPuzzle id={puzzle.id} />}
      {moderator && (
        <button
          type="button"
          className={button}
          disabled={hide.isPending || hide.isSuccess}
          onClick={() => hide.mutate({ id: puzzle.id, hidden: true })}
        >
          {hide.isSuccess ? "✓ " : ""}
          {t("puzzles.hide")}
        </button>
      )}
      {hide.error && <span className="text-red-800">{errorText(hide.error, t)}</span>}
    </div>
  );
}

function MachiaveloxBoard(board: BoardProps) {
  const t = useTranslations();
  const { position } = board.puzzle;
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
  const attempt = useAttempt(
    useCallback(
      (solution: AttemptResult["solution"]) => solutionSteps(position, solution),
      [position],
    ),
  );
  const { result } = attempt;
  const shown = result ? attempt.steps[attempt.step]! : local.state;
  const view = useMemo(() => viewFor(shown, PUZZLE_SEAT), [shown]);
  const coach = (
    <Coach
      board={board}
      submission={submissionOf(position, local.state)}
      attempt={attempt}
      controls={
        <>
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
        </>
      }
    />
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
      topBar={board.topBar}
    />
  );
}

/** A classic game of the classic engine, the turn never ended: the table is submitted as it stands. */
function ClassicBoard(board: BoardProps) {
  const t = useTranslations();
  const { position } = board.puzzle;
  const [state, setState] = useState(() => classicPuzzleGame(position));
  const [events, setEvents] = useState<ClassicEvent[]>([]);
  const current = useRef(state);
  const act = useCallback(
    async (command: ClassicCommand): Promise<ClassicActResult> => {
      if (command.do === "end" || command.do === "draw" || command.do === "pass")
        return { ok: false, reason: t("puzzles.classicTable") };
      // The clock stands still: a puzzle has no time limit.
      const result = applyClassic(
        current.current,
        CLASSIC_PUZZLE_SEAT,
        command,
        current.current.now,
      );
      if (!result.ok)
        return {
          ok: false,
          reason: rejectionText(t, "classic.refusals", result.rejection),
        };
      current.current = result.state;
      setState(result.state);
      setEvents((list) => [...list, ...result.events].slice(-50));
      return { ok: true };
    },
    [t],
  );
  const attempt = useAttempt(
    useCallback(
      (solution: AttemptResult["solution"]) => classicSolutionSteps(position, solution),
      [position],
    ),
  );
  const { result } = attempt;
  const shown = result ? attempt.steps[attempt.step]! : state;
  const view = useMemo(() => classicViewFor(shown, CLASSIC_PUZZLE_SEAT), [shown]);
  const seen = useMemo(() => classicEventsFor(events, CLASSIC_PUZZLE_SEAT), [events]);
  return (
    <ClassicTable
      key={result ? "solution" : "attempt"}
      view={view}
      clockAt={shown.now}
      events={result ? [] : seen}
      names={[t("seat.you"), "—"]}
      act={result ? async () => ({ ok: false, reason: t("puzzles.solution") }) : act}
      coach={
        <Coach
          board={board}
          submission={classicSubmission(position, state)}
          attempt={attempt}
          controls={null}
        />
      }
      turnEnds={false}
      topBar={board.topBar}
    />
  );
}

/** A player reports a wrong or unfair puzzle to the moderators: a kind and a reason, once. */
function ReportPuzzle({ id }: { id: string }) {
  const t = useTranslations();
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const report = useMutation(trpc.puzzle.report.mutationOptions());
  if (report.isSuccess) return <span data-testid="puzzle-reported">{t("puzzles.reported")}</span>;
  if (!open)
    return (
      <button type="button" className={button} onClick={() => setOpen(true)}>
        {t("puzzles.report")}
      </button>
    );
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        report.mutate({
          id,
          kind: form.get("kind") === "UNFAIR" ? "UNFAIR" : "WRONG",
          reason: String(form.get("reason")),
        });
      }}
    >
      <select name="kind" aria-label={t("puzzles.reportKind")} className="rounded px-1 py-0.5">
        {(["WRONG", "UNFAIR"] as const).map((kind) => (
          <option key={kind} value={kind}>
            {t(`puzzles.reportKinds.${kind}`)}
          </option>
        ))}
      </select>
      <input
        name="reason"
        required
        minLength={3}
        maxLength={500}
        aria-label={t("puzzles.reportReason")}
        placeholder={t("puzzles.reportReason")}
        className="rounded px-1 py-0.5"
      />
      <button type="submit" className={button} disabled={report.isPending}>
        {t("puzzles.reportSend")}
      </button>
      {report.error && <span className="text-red-800">{errorText(report.error, t)}</span>}
    </form>
  );
}
