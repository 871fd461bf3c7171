// GET /user/check-otp-creation?email: whether a verification link is pending for this email.
import useSWR, { type SWRResponse } from 'swr';
import { apiClient } from '../../../lib/api-client.ts';

const path = '/user/check-otp-creation';

export const otpCreationKey = (email: string) => [path, email] as const;

export const fetchOtpCreation = async ([, email]: ReturnType<typeof otpCreationKey>) =>
  (await apiClient.get<{ isOtpGenerated: boolean }>(path, { email })).isOtpGenerated === true;

export function useOtpCreation(email: string | null): SWRResponse<boolean, unknown> {
  return useSWR(email ? otpCreationKey(email) : null, fetchOtpCreation, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
