// POST /wallet/claim-allowance: tops the coins up to the daily floor, once per UTC day. In lib because the
// wallet, the bet screen and the matches pages all offer it to a bettor who ran out.
import type { AllowanceClaim } from '#shared/api.ts';
import { apiClient } from '../api-client.ts';

export const claimAllowance = () => apiClient.post<AllowanceClaim>('/wallet/claim-allowance');
