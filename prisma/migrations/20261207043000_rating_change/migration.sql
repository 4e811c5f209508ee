-- What a competitive hand did to each player's skill rating, for the end of the hand to show.
ALTER TABLE "MatchSeat" ADD COLUMN "ratingChange" DOUBLE PRECISION;
