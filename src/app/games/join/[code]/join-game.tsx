"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTRPCClient } from "../../../trpc";
import { ErrorText, errorMessage } from "../../ui";

export function JoinGame({ code }: { code: string }) {
  const client = useTRPCClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client.game.join.mutate({ code }).then(
      ({ matchId }) => router.replace(`/games/${matchId}`),
      (failure: unknown) => setError(errorMessage(failure)),
    );
  }, [client, code, router]);
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold">Joining game {code}…</h1>
      <ErrorText message={error} />
    </div>
  );
}
