// GET /user/check-otp-creation?email: whether a verification link is pending for this email, and whether
// the email is verified already (its link was opened, maybe in another browser).
import useSWR, { type SWRResponse } from 'swr';
import type { OtpCreationAnswer } from '#shared/api.ts';
import { apiClient } from '../../../lib/api-client.ts';

const path = '/user/check-otp-creation';

export const otpCreationKey = (email: string) => [path, email] as const;

export const fetchOtpCreation = async ([, email]: ReturnType<typeof otpCreationKey>): Promise<OtpCreationAnswer> => {
  const answer = await apiClient.get<Partial<OtpCreationAnswer>>(path, { email });
  return { isOtpGenerated: answer.isOtpGenerated === true, isVerified: answer.isVerified === true };
};

export function useOtpCreation(email: string | null): SWRResponse<OtpCreationAnswer, unknown> {
  return useSWR(email ? otpCreationKey(email) : null, fetchOtpCreation, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
