// POST /wallet/claim-allowance: tops the coins up to the daily floor, once per UTC day.
import type { AllowanceClaim } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const claimAllowance = () => apiClient.post<AllowanceClaim>('/wallet/claim-allowance');
