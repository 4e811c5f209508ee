-- AlterTable
ALTER TABLE "MatchEvent" ADD COLUMN "ref" TEXT;
