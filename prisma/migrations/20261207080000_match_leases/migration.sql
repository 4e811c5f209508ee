-- Ownership of live matches (docs/live-server.md, Ownership): one lease per match, held by one
-- node under an epoch that every append of the match's log must carry (src/server/matches).
-- CreateTable
CREATE TABLE "MatchLease" (
    "matchId" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "epoch" INTEGER NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MatchLease_pkey" PRIMARY KEY ("matchId")
);

-- AddForeignKey
ALTER TABLE "MatchLease" ADD CONSTRAINT "MatchLease_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;
