"use client";

// At a finished table: a friend request to each other player at it who is not a friend yet
// (nor asked, nor blocked), in one click.

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import type { MatchInfo } from "@/protocol/stream";
import { useTRPC, useTRPCClient } from "../../trpc";
import { otherPlayers } from "./others";

export function TableFriends({ info, you }: { info: MatchInfo; you: number }) {
  const names = otherPlayers(info, you);
  if (names.length === 0) return null;
  return (
    <div className="flex w-full flex-wrap gap-2" data-testid="table-friends">
      {names.map((name) => (
        <AddFriend key={name} name={name} />
      ))}
    </div>
  );
}

function AddFriend({ name }: { name: string }) {
  const t = useTranslations();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const state = useQuery(trpc.friends.state.queryOptions({ name }));
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (sent)
    return (
      <span className="text-sm text-stone-600">
        {t("site.friends.askedAtTable", { who: name })}
      </span>
    );
  if (state.data !== "none") return null;
  return (
    <>
      <button
        type="button"
        data-testid={`add-friend-${name}`}
        className="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-emerald-900 ring-1 ring-stone-300"
        onClick={() =>
          client.friends.request.mutate({ name }).then(
            () => setSent(true),
            (failure: unknown) => setError(errorText(failure, t)),
          )
        }
      >
        {t("site.friends.addAtTable", { who: name })}
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
