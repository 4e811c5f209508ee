-- A node's matches last as long as the node's own lease (src/server/matches/leases.ts): one row
-- renewed per node instead of one per match. Each node named by a match lease gets its row, as
-- alive as its latest match lease was.
-- CreateTable
CREATE TABLE "NodeLease" (
    "nodeId" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "NodeLease_pkey" PRIMARY KEY ("nodeId")
);

INSERT INTO "NodeLease" ("nodeId", "expiresAt")
SELECT "nodeId", max("expiresAt") FROM "MatchLease" GROUP BY "nodeId";

-- AlterTable
ALTER TABLE "MatchLease" DROP COLUMN "expiresAt";
