// Betting gates per event in the cloud (functions/data/betting-gates.ts): enough that a hot event's bets
// rarely meet on one gate in AWS (docs/benchmarks.md, "A bet in one transaction: measured first, and the ceiling in AWS").
// The hot-event test and benchmark run their clouds with it; the local cloud's default is smaller.
export const CLOUD_BET_GATES = 128;
