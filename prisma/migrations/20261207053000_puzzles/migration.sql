-- AlterTable
ALTER TABLE "User" ADD COLUMN     "puzzleBestStreak" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "puzzleDeviation" DOUBLE PRECISION NOT NULL DEFAULT 350,
ADD COLUMN     "puzzleRating" DOUBLE PRECISION NOT NULL DEFAULT 1500,
ADD COLUMN     "puzzleStreak" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "puzzleVolatility" DOUBLE PRECISION NOT NULL DEFAULT 0.06;

-- CreateTable
CREATE TABLE "Puzzle" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "rules" TEXT NOT NULL,
    "position" JSONB NOT NULL,
    "solution" JSONB NOT NULL,
    "themes" TEXT[],
    "difficulty" INTEGER NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "ratingDeviation" DOUBLE PRECISION NOT NULL,
    "ratingVolatility" DOUBLE PRECISION NOT NULL,
    "plays" INTEGER NOT NULL DEFAULT 0,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Puzzle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PuzzleAttempt" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "puzzleId" TEXT NOT NULL,
    "solved" BOOLEAN NOT NULL,
    "placed" INTEGER NOT NULL,
    "moved" INTEGER NOT NULL,
    "bonus" BOOLEAN NOT NULL,
    "rated" BOOLEAN NOT NULL,
    "ratingBefore" DOUBLE PRECISION NOT NULL,
    "ratingAfter" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PuzzleAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Puzzle_key_key" ON "Puzzle"("key");

-- CreateIndex
CREATE INDEX "Puzzle_hidden_rating_idx" ON "Puzzle"("hidden", "rating");

-- CreateIndex
CREATE INDEX "PuzzleAttempt_userId_createdAt_idx" ON "PuzzleAttempt"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "PuzzleAttempt_userId_puzzleId_idx" ON "PuzzleAttempt"("userId", "puzzleId");

-- AddForeignKey
ALTER TABLE "PuzzleAttempt" ADD CONSTRAINT "PuzzleAttempt_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PuzzleAttempt" ADD CONSTRAINT "PuzzleAttempt_puzzleId_fkey" FOREIGN KEY ("puzzleId") REFERENCES "Puzzle"("id") ON DELETE CASCADE ON UPDATE CASCADE;
