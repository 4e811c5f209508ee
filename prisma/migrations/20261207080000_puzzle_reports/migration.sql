-- Players report wrong or unfair puzzles; moderators dismiss the report or disable the puzzle.
-- The streak keeps its current puzzle, served again until answered.

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "puzzleStreakPuzzle" TEXT;

-- CreateEnum
CREATE TYPE "PuzzleReportKind" AS ENUM ('WRONG', 'UNFAIR');

-- CreateEnum
CREATE TYPE "PuzzleReportStatus" AS ENUM ('OPEN', 'DISMISSED', 'DISABLED');

-- CreateTable
CREATE TABLE "PuzzleReport" (
    "id" TEXT NOT NULL,
    "puzzleId" TEXT NOT NULL,
    "reporterId" TEXT NOT NULL,
    "kind" "PuzzleReportKind" NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "PuzzleReportStatus" NOT NULL DEFAULT 'OPEN',
    "closedById" TEXT,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PuzzleReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PuzzleReport_puzzleId_reporterId_key" ON "PuzzleReport"("puzzleId", "reporterId");

-- CreateIndex
CREATE INDEX "PuzzleReport_status_createdAt_idx" ON "PuzzleReport"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "PuzzleReport" ADD CONSTRAINT "PuzzleReport_puzzleId_fkey" FOREIGN KEY ("puzzleId") REFERENCES "Puzzle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PuzzleReport" ADD CONSTRAINT "PuzzleReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PuzzleReport" ADD CONSTRAINT "PuzzleReport_closedById_fkey" FOREIGN KEY ("closedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
