-- A friendly game's rematch, recorded on the new game: the unique index lets one node open it
-- and sends a concurrent click on another node to the same lobby (src/server/games/lobby.ts).
-- AlterTable
ALTER TABLE "Match" ADD COLUMN "rematchOf" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Match_rematchOf_key" ON "Match"("rematchOf");

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_rematchOf_fkey" FOREIGN KEY ("rematchOf") REFERENCES "Match"("id") ON DELETE SET NULL ON UPDATE CASCADE;
