"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { playSound } from "@/components/table/sounds";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import type { InvitationView } from "@/protocol/friends";
import { useTRPCClient } from "./trpc";
import { ErrorText, quietButton } from "./games/ui";

/**
 * The header's invitations: friends' invitations to their games, live over the WebSocket (a
 * waiting one is there when you come back), with a sound for each new one.
 */
export function Invitations() {
  const t = useTranslations();
  const client = useTRPCClient();
  const router = useRouter();
  const [invitations, setInvitations] = useState<InvitationView[]>([]);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heard = useRef<Set<string> | null>(null);

  useEffect(() => {
    const subscription = client.friends.notifications.subscribe(undefined, {
      onData: ({ data }: { data: InvitationView[] }) => {
        // The first list is what waited for you; only invitations after it ring.
        if (heard.current && data.some((one) => !heard.current!.has(one.id))) {
          playSound("invitation");
          setOpen(true);
        }
        heard.current = new Set([...(heard.current ?? []), ...data.map((one) => one.id)]);
        setInvitations(data);
      },
    });
    return () => subscription.unsubscribe();
  }, [client]);

  const answer = (invitation: InvitationView, accept: boolean) => {
    setError(null);
    const work = accept
      ? client.friends.acceptInvitation.mutate({ id: invitation.id })
      : client.friends.declineInvitation.mutate({ id: invitation.id });
    work.then(
      () => {
        setInvitations((list) => list.filter((one) => one.id !== invitation.id));
        if (accept) {
          setOpen(false);
          router.push(`/games/${invitation.matchId}`);
        }
      },
      (failure: unknown) => setError(errorText(failure, t)),
    );
  };

  return (
    <div className="relative">
      <button
        type="button"
        data-testid="invitations"
        aria-expanded={open}
        className={`font-medium hover:text-emerald-700 ${invitations.length > 0 ? "text-amber-700" : ""}`}
        onClick={() => setOpen(!open)}
      >
        {t("site.friends.invitations", { n: invitations.length })}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={t("site.friends.invitations", { n: invitations.length })}
          className="absolute right-0 z-20 mt-2 w-72 space-y-3 rounded-lg border border-stone-200 bg-white p-3 shadow-lg"
        >
          {invitations.length === 0 && (
            <p className="text-stone-600">{t("site.friends.noInvitations")}</p>
          )}
          {invitations.map((invitation) => (
            <div key={invitation.id} className="space-y-2">
              <p>
                {t("site.friends.invitedYou", {
                  name: invitation.from,
                  long: String(invitation.kind === "long"),
                })}
              </p>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={quietButton}
                  onClick={() => answer(invitation, true)}
                >
                  {t("site.friends.join")}
                </button>
                <button
                  type="button"
                  className={quietButton}
                  onClick={() => answer(invitation, false)}
                >
                  {t("site.friends.decline")}
                </button>
              </div>
            </div>
          ))}
          <ErrorText message={error} />
        </div>
      )}
    </div>
  );
}
