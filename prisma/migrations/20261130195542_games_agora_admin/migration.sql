/*
  Warnings:

  - A unique constraint covering the columns `[inviteCode]` on the table `Match` will be added. If there are existing duplicate values, this will fail.

*/
-- CreateEnum
CREATE TYPE "MatchKind" AS ENUM ('FRIENDLY_SINGLE', 'FRIENDLY_LONG', 'COMPETITIVE', 'PRACTICE');

-- CreateEnum
CREATE TYPE "BanKind" AS ENUM ('MODERATOR', 'ABANDONMENT');

-- CreateEnum
CREATE TYPE "ReportStatus" AS ENUM ('OPEN', 'RESOLVED');

-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "botsAllowed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "creatorId" TEXT,
ADD COLUMN     "endedReason" TEXT,
ADD COLUMN     "inviteCode" TEXT,
ADD COLUMN     "kind" "MatchKind" NOT NULL DEFAULT 'FRIENDLY_SINGLE';

-- AlterTable
ALTER TABLE "MatchSeat" ADD COLUMN     "abandoned" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "bot" TEXT,
ADD COLUMN     "points" INTEGER,
ADD COLUMN     "won" BOOLEAN NOT NULL DEFAULT false,
ALTER COLUMN "userId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "competitiveHands" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rankingPoints" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ratingMu" DOUBLE PRECISION NOT NULL DEFAULT 25,
ADD COLUMN     "ratingSigma" DOUBLE PRECISION NOT NULL DEFAULT 8.333333333333334;

-- CreateTable
CREATE TABLE "HandResult" (
    "matchId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "scores" INTEGER[],
    "winner" INTEGER,
    "reason" TEXT NOT NULL,
    "endedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "HandResult_pkey" PRIMARY KEY ("matchId","number")
);

-- CreateTable
CREATE TABLE "Ban" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" "BanKind" NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endsAt" TIMESTAMP(3),
    "liftedAt" TIMESTAMP(3),
    "byId" TEXT,

    CONSTRAINT "Ban_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Report" (
    "id" TEXT NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reportedId" TEXT NOT NULL,
    "matchId" TEXT,
    "reason" TEXT NOT NULL,
    "status" "ReportStatus" NOT NULL DEFAULT 'OPEN',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "resolvedById" TEXT,
    "resolution" TEXT,

    CONSTRAINT "Report_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "targetId" TEXT,
    "matchId" TEXT,
    "reportId" TEXT,
    "detail" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Ban_userId_kind_idx" ON "Ban"("userId", "kind");

-- CreateIndex
CREATE INDEX "Report_status_createdAt_idx" ON "Report"("status", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEntry_createdAt_idx" ON "AuditEntry"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Match_inviteCode_key" ON "Match"("inviteCode");

-- CreateIndex
CREATE INDEX "Match_kind_endedAt_idx" ON "Match"("kind", "endedAt");

-- CreateIndex
CREATE INDEX "User_rankingPoints_idx" ON "User"("rankingPoints");

-- AddForeignKey
ALTER TABLE "Match" ADD CONSTRAINT "Match_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HandResult" ADD CONSTRAINT "HandResult_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Ban" ADD CONSTRAINT "Ban_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Ban" ADD CONSTRAINT "Ban_byId_fkey" FOREIGN KEY ("byId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_reportedId_fkey" FOREIGN KEY ("reportedId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_resolvedById_fkey" FOREIGN KEY ("resolvedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
