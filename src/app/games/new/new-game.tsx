"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPCClient } from "../../trpc";
import { button, ErrorText, errorMessage, input, Panel } from "../ui";

export function NewGame() {
  const client = useTRPCClient();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [bots, setBots] = useState(false);

  const run = (work: Promise<{ matchId: string }>) => {
    setBusy(true);
    setError(null);
    work.then(
      ({ matchId }) => router.push(`/games/${matchId}`),
      (failure: unknown) => {
        setBusy(false);
        setError(errorMessage(failure));
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
      <Panel title="Create">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => run(client.game.create.mutate({ kind: "single", bots }))}
          >
            One hand
          </button>
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => run(client.game.create.mutate({ kind: "long", bots }))}
          >
            Long game to 150
          </button>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={bots}
            onChange={(event) => setBots(event.target.checked)}
          />
          Bots may fill the empty places
        </label>
      </Panel>
      <Panel title="Join with a code">
        <form onSubmit={join} className="flex gap-2">
          <input name="code" aria-label="Invitation code" placeholder="ABC234" className={input} />
          <button type="submit" className={button} disabled={busy}>
            Join
          </button>
        </form>
      </Panel>
      <ErrorText message={error} />
    </div>
  );
}
