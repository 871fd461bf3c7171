// POST /pool/stake: coins on a team to lift the cup; debited at once (one stake a team).
import type { PoolStakePlaced } from '#shared/api.ts';
import type { PoolStakeInput } from '#shared/schemas.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const placeStake = (stake: PoolStakeInput) => apiClient.post<PoolStakePlaced>('/pool/stake', stake);
