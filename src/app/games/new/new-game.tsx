"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { type Variant } from "@/engine/classic";
import { VariantsField } from "../../classic-variants";
import { useMessages } from "@/i18n/client";
import { errorText } from "@/i18n/errors";
import { useTRPCClient } from "../../trpc";
import { button, ErrorText, input, Panel } from "../ui";

export function NewGame({ variantChoices }: { variantChoices: readonly Variant[] }) {
  const messages = useMessages();
  const t = messages.site.games;
  const client = useTRPCClient();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [bots, setBots] = useState(false);
  const [players, setPlayers] = useState(4);
  const [variants, setVariants] = useState<Variant[]>([]);
  const [turnLimit, setTurnLimit] = useState<number | null>(90_000);
  const [target, setTarget] = useState<number | null>(25);
  const c = messages.newClassic;

  const run = (work: Promise<{ matchId: string }>) => {
    setBusy(true);
    setError(null);
    work.then(
      ({ matchId }) => router.push(`/games/${matchId}`),
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure, messages));
      },
    );
  };
  const join = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    run(client.game.join.mutate({ code }));
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Panel title={t.create}>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => run(client.game.create.mutate({ kind: "single", bots }))}
          >
            {t.single}
          </button>
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => run(client.game.create.mutate({ kind: "long", bots }))}
          >
            {t.long}
          </button>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={bots}
            onChange={(event) => setBots(event.target.checked)}
          />
          {t.botsAllowed}
        </label>
      </Panel>
      <Panel title={c.title}>
        <label className="flex items-center gap-2 text-sm">
          {c.players}
          <select value={players} onChange={(e) => setPlayers(Number(e.target.value))}>
            {[2, 3, 4, 5, 6, 7, 8].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <VariantsField choices={variantChoices} value={variants} onChange={setVariants} />
        <label className="flex items-center gap-2 text-sm">
          {c.turnTime}
          <select
            value={turnLimit ?? ""}
            onChange={(e) => setTurnLimit(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{c.noLimit}</option>
            {[30, 60, 90, 120, 180].map((s) => (
              <option key={s} value={s * 1000}>
                {c.seconds(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          {c.target}
          <select
            value={target ?? ""}
            onChange={(e) => setTarget(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{c.singleRound}</option>
            {[25, 50, 100].map((n) => (
              <option key={n} value={n}>
                {c.points(n)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={button}
          disabled={busy}
          onClick={() =>
            run(
              client.game.create.mutate({
                kind: "single",
                bots,
                classic: { players, options: { variants, turnLimit, target } },
              }),
            )
          }
        >
          {c.create}
        </button>
      </Panel>
      <Panel title={t.joinTitle}>
        <form onSubmit={join} className="flex gap-2">
          <input
            name="code"
            aria-label={t.code}
            placeholder="ABC234"
            className={`${input} min-w-0 flex-1`}
          />
          <button type="submit" className={button} disabled={busy}>
            {t.join}
          </button>
        </form>
      </Panel>
      <ErrorText message={error} />
    </div>
  );
}
