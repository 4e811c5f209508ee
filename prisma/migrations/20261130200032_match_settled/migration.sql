-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "settledAt" TIMESTAMP(3);
