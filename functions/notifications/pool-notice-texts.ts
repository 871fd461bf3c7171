// What the tournament-winner pool's money changes tell their users: one notice per cause, written in the
// change's own transaction (notifying-commit.ts), its cause id the change's ledger entry id.
import { MSG } from '#shared/messages.ts';
import { poolShareEntryId, poolStakeRefundEntryId } from '#functions/data/ledger.ts';
import type { Notice } from './notice-texts.ts';

const coins = (n: number) => `${n} coin${n === 1 ? '' : 's'}`;

/** What one stake's share changed, in words; `change` the coins it moved (signed), `writtenOff` the part the house gave up. */
export interface StakeShareNotice {
  userId: string;
  tournamentId: string;
  teamName: string;
  teamId: string;
  amount: number;
  version: number;
  createdAt: string;
}

export const poolNotices = {
  stakeRefundedClosed: (userId: string, tournamentId: string, teamId: string, teamName: string, amount: number, createdAt: string): Notice => ({
    userId,
    causeId: poolStakeRefundEntryId(tournamentId, teamId),
    subject: 'Cup stake refunded: the pool had closed',
    description: `The cup pool closed as your stake on ${teamName} arrived, so it was not placed. Your ${coins(amount)} were refunded.`,
    createdAt,
  }),
  won: (s: StakeShareNotice, payout: number, champion: string): Notice => ({
    userId: s.userId,
    causeId: poolShareEntryId(s.tournamentId, s.teamId, s.version),
    subject: `${MSG.poolTitle} You backed the champion!`,
    description: `${champion} lifted the cup. Your share of the pool for your ${coins(s.amount)} stake on ${s.teamName}: ${coins(payout)}, added to your wallet.`,
    createdAt: s.createdAt,
  }),
  lost: (s: StakeShareNotice, champion: string): Notice => ({
    userId: s.userId,
    causeId: poolShareEntryId(s.tournamentId, s.teamId, s.version),
    subject: 'The cup pool is decided',
    description: `${champion} lifted the cup: your ${coins(s.amount)} stake on ${s.teamName} went to the champion's backers.`,
    createdAt: s.createdAt,
  }),
  refunded: (s: StakeShareNotice, why: string): Notice => ({
    userId: s.userId,
    causeId: poolShareEntryId(s.tournamentId, s.teamId, s.version),
    subject: 'Cup stake refunded',
    description: `${why} Your ${coins(s.amount)} stake on ${s.teamName} is back in your wallet.`,
    createdAt: s.createdAt,
  }),
  /** A re-share (the champion corrected): what the stake gets now, and the coins that moved. */
  reshared: (s: StakeShareNotice, outcome: string, change: number, writtenOff: number): Notice => ({
    userId: s.userId,
    causeId: poolShareEntryId(s.tournamentId, s.teamId, s.version),
    subject: 'The cup pool was shared again',
    description: `A corrected result changed who lifted the cup. ${outcome} ${
      change > 0 ? `${coins(change)} were added to your wallet.` : change < 0 ? `${coins(-change - writtenOff)} were taken from your wallet${writtenOff > 0 ? `; the other ${coins(writtenOff)} you had already spent were written off` : ''}.` : 'Nothing changes in your wallet.'
    }`,
    createdAt: s.createdAt,
  }),
};
