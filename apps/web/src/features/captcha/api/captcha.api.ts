import { queryOptions, useMutation } from '@tanstack/react-query';
import { CAPTCHA_TTL_MS, type CaptchaKind } from '@simshop/contracts';
import { api, type ApiBody, type ApiData } from '../../../lib/api/client';

/**
 * One captcha of a kind. Never cached beyond the page (single use), never retried or refetched behind
 * the person's back, except just before it expires on the server.
 */
export const captchaQuery = (type: CaptchaKind) =>
  queryOptions({
    queryKey: ['captcha', type],
    queryFn: () => api.get('app/user/comm/captcha', { query: { type } }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: CAPTCHA_TTL_MS - 10_000,
  });

export type SendSmsCodeInput = ApiBody<'post', 'app/user/comm/sendSmsCode'>;
export type SmsCodePurpose = NonNullable<SendSmsCodeInput['purpose']>;
export type SendCodeResult = ApiData<'post', 'app/user/comm/sendSmsCode'>;

/** Sends the SMS code, vouched for by a solved captcha. */
export const useSendSmsCode = () =>
  useMutation({
    mutationFn: (body: SendSmsCodeInput) => api.post('app/user/comm/sendSmsCode', { body }),
  });
