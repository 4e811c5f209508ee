"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { type Variant } from "@/engine/classic";
import { VariantsField } from "../../classic-variants";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { useTRPCClient } from "../../trpc";
import { button, ErrorText, input, Panel } from "../ui";

export function NewGame({ variantChoices }: { variantChoices: readonly Variant[] }) {
  const t = useTranslations();
  const client = useTRPCClient();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [bots, setBots] = useState(false);
  const [players, setPlayers] = useState(4);
  const [variants, setVariants] = useState<Variant[]>([]);
  const [turnLimit, setTurnLimit] = useState<number | null>(90_000);
  const [target, setTarget] = useState<number | null>(25);

  const run = (work: Promise<{ matchId: string }>) => {
    setBusy(true);
    setError(null);
    work.then(
      ({ matchId }) => router.push(`/games/${matchId}`),
      (failure: unknown) => {
        setBusy(false);
        setError(errorText(failure, t));
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
      <Panel title={t("site.games.create")}>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => run(client.game.create.mutate({ kind: "single", bots }))}
          >
            {t("site.games.single")}
          </button>
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => run(client.game.create.mutate({ kind: "long", bots }))}
          >
            {t("site.games.long")}
          </button>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={bots}
            onChange={(event) => setBots(event.target.checked)}
          />
          {t("site.games.botsAllowed")}
        </label>
      </Panel>
      <Panel title={t("newClassic.title")}>
        <label className="flex items-center gap-2 text-sm">
          {t("newClassic.players")}
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
          {t("newClassic.turnTime")}
          <select
            value={turnLimit ?? ""}
            onChange={(e) => setTurnLimit(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t("newClassic.noLimit")}</option>
            {[30, 60, 90, 120, 180].map((s) => (
              <option key={s} value={s * 1000}>
                {t("newClassic.seconds", { n: s })}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          {t("newClassic.target")}
          <select
            value={target ?? ""}
            onChange={(e) => setTarget(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t("newClassic.singleRound")}</option>
            {[25, 50, 100].map((n) => (
              <option key={n} value={n}>
                {t("newClassic.points", { n })}
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
          {t("newClassic.create")}
        </button>
      </Panel>
      <Panel title={t("site.games.joinTitle")}>
        <form onSubmit={join} className="flex gap-2">
          <input
            name="code"
            aria-label={t("site.games.code")}
            placeholder="ABC234"
            className={`${input} min-w-0 flex-1`}
          />
          <button type="submit" className={button} disabled={busy}>
            {t("site.games.join")}
          </button>
        </form>
      </Panel>
      <ErrorText message={error} />
    </div>
  );
}
