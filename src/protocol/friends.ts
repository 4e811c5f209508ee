// What a player's invitations look like on the wire: the header's live list, the lobby's answers.

/** A friend's invitation to their game's lobby, as the invited player sees it. */
export type InvitationView = {
  id: string;
  matchId: string;
  from: string;
  kind: "single" | "long";
  expiresAt: Date;
};

/** An invitation as its sender sees it: who, and how they answered. */
export type SentInvitation = {
  to: string;
  answer: "ACCEPTED" | "DECLINED" | null;
  expired: boolean;
};
