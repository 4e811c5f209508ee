"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { BotLevel } from "@/bots/levels";
import { useMessages } from "@/i18n/client";
import { errorText } from "@/i18n/errors";
import { useTRPCClient } from "../trpc";

export function StartPractice() {
  const t = useMessages();
  const client = useTRPCClient();
  const router = useRouter();
  const [level, setLevel] = useState<BotLevel>("medium");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="font-medium">{t.levels.label}</legend>
        {(Object.keys(t.levels.names) as BotLevel[]).map((one) => (
          <label key={one} className="flex items-baseline gap-2">
            <input
              type="radio"
              name="level"
              value={one}
              checked={level === one}
              onChange={() => setLevel(one)}
            />
            <span>
              <span className="font-medium">{t.levels.names[one]}</span>{" "}
              <span className="text-sm text-stone-600">{t.levels.about[one]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        disabled={busy}
        className="rounded-md bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800 disabled:opacity-60"
        onClick={() => {
          setBusy(true);
          client.practice.start.mutate({ level }).then(
            ({ matchId }) => router.push(`/play/${matchId}`),
            (e: unknown) => {
              setBusy(false);
              setError(errorText(e, t));
            },
          );
        }}
      >
        {t.practice.start}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
