"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { BOT_LEVELS, type BotLevel } from "@/bots/levels";
import { type Variant } from "@/engine/classic";
import { VariantsField } from "../classic-variants";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { useTRPCClient } from "../trpc";

/** Starts a practice table and goes to it; busy meanwhile, a refusal said under it. */
function StartButton({
  label,
  start,
}: {
  label: string;
  start: () => Promise<{ matchId: string }>;
}) {
  const t = useTranslations();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        disabled={busy}
        className="rounded-md bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800 disabled:opacity-60"
        onClick={() => {
          setBusy(true);
          start().then(
            ({ matchId }) => router.push(`/play/${matchId}`),
            (e: unknown) => {
              setBusy(false);
              setError(errorText(e, t));
            },
          );
        }}
      >
        {label}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

export function StartPractice() {
  const t = useTranslations();
  const client = useTRPCClient();
  const [level, setLevel] = useState<BotLevel>("medium");
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="font-medium">{t("levels.label")}</legend>
        {BOT_LEVELS.map((one) => (
          <label key={one} className="flex items-baseline gap-2">
            <input
              type="radio"
              name="level"
              value={one}
              checked={level === one}
              onChange={() => setLevel(one)}
            />
            <span>
              <span className="font-medium">{t(`levels.names.${one}`)}</span>{" "}
              <span className="text-sm text-stone-600">{t(`levels.about.${one}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <StartButton
        label={t("practice.start")}
        start={() => client.practice.start.mutate({ level })}
      />
    </div>
  );
}

/** Classic Machiavelli against 1 to 4 bots, each of its level, with the variants chosen. */
export function StartClassicPractice({ variantChoices }: { variantChoices: readonly Variant[] }) {
  const t = useTranslations();
  const client = useTRPCClient();
  const [bots, setBots] = useState<BotLevel[]>(["medium", "medium"]);
  const [variants, setVariants] = useState<Variant[]>([]);
  const [singleRound, setSingleRound] = useState(true);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">{t("practice.classic.title")}</h2>
      <label className="flex items-center gap-2">
        {t("practice.classic.bots")}
        <select
          value={bots.length}
          onChange={(e) =>
            setBots(Array.from({ length: Number(e.target.value) }, (_, i) => bots[i] ?? "medium"))
          }
        >
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {bots.map((level, index) => (
        <label key={index} className="flex items-center gap-2">
          {t("practice.classic.botLevel", { n: index + 1 })}
          <select
            value={level}
            onChange={(e) =>
              setBots(bots.map((one, i) => (i === index ? (e.target.value as BotLevel) : one)))
            }
          >
            {BOT_LEVELS.map((one) => (
              <option key={one} value={one}>
                {t(`levels.names.${one}`)}
              </option>
            ))}
          </select>
        </label>
      ))}
      <VariantsField choices={variantChoices} value={variants} onChange={setVariants} />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={singleRound}
          onChange={(e) => setSingleRound(e.target.checked)}
        />
        {t("practice.classic.singleRound")}
      </label>
      <StartButton
        label={t("practice.classic.start")}
        start={() =>
          client.practice.classic.mutate({
            bots,
            options: { variants, ...(singleRound ? { target: null } : {}) },
          })
        }
      />
    </div>
  );
}
