import { queryOptions, useMutation } from '@tanstack/react-query';
import { CAPTCHA_TTL_MS, type CaptchaKind, type CaptchaResponse } from '@simshop/contracts';
import { request } from '../../../lib/request';

/**
 * One captcha of a kind. Never cached beyond the page (single use), never retried or refetched behind
 * the person's back, except just before it expires on the server.
 */
export const captchaQuery = (type: CaptchaKind) =>
  queryOptions({
    queryKey: ['captcha', type],
    queryFn: () =>
      request<CaptchaResponse>({ url: 'app/user/comm/captcha', method: 'GET', params: { type } }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: CAPTCHA_TTL_MS - 10_000,
  });

export type SmsCodePurpose = 'login' | 'register' | 'password' | 'bindPhone' | 'logoff';
export type SendSmsCodeInput = {
  phone: string;
  purpose: SmsCodePurpose;
  captchaId: string;
  captchaAnswer: number;
};
export type SendCodeResult = { target: string; resendAfter: number };

/** Sends the SMS code, vouched for by a solved captcha. */
export const useSendSmsCode = () =>
  useMutation({
    mutationFn: (body: SendSmsCodeInput) =>
      request<SendCodeResult>({ url: 'app/user/comm/sendSmsCode', method: 'POST', data: body }),
  });
