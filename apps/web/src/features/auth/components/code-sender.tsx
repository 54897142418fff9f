import type { ReactNode } from 'react';
import { useResendCountdown } from '../model/countdown';
import { useCaptchaPopup } from './captcha-popup';
import { toast } from '../../../shared';

export type CaptchaProof = { captchaId: string; captchaAnswer: number };

/**
 * Sending a code from inside a form: a captcha in a popup vouches for the send, then the "retry in {n}s"
 * countdown (kept under `key`) runs. `send(deliver, sentMessage)` asks for the captcha and calls `deliver`.
 */
export function useCodeSender(key: string): {
  remaining: number;
  send: (deliver: (proof: CaptchaProof) => Promise<unknown>, sentMessage: string) => void;
  popup: ReactNode;
} {
  const countdown = useResendCountdown(key);
  const captcha = useCaptchaPopup();
  const send = (deliver: (proof: CaptchaProof) => Promise<unknown>, sentMessage: string) =>
    captcha.ask(async ({ captchaId, answer }) => {
      await deliver({ captchaId, captchaAnswer: answer });
      countdown.start();
      toast(sentMessage, 'success');
    });
  return { remaining: countdown.remaining, send, popup: captcha.popup };
}
