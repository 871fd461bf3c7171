// What a winning bet pays, for the settlement and for the bet screen's 'pays if it wins' alike.
import { WIN_MULTIPLIER } from './constants.ts';

/** A winning bet pays floor(1.5 x stake) coins (the stake was debited when the bet was placed). */
export const payoutFor = (stake: number) => Math.floor(stake * WIN_MULTIPLIER);
