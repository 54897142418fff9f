import { useCallback, useEffect, useState } from 'react';
import { SMS_RESEND_INTERVAL_S } from '@simshop/contracts';

const storageKey = (key: string) => `smsSentAt:${key}`;

function readSentAt(key: string): number {
  try {
    return Number(sessionStorage.getItem(storageKey(key))) || 0;
  } catch {
    return 0;
  }
}

/** Whole seconds left before another code may be requested, given when the last one was sent. */
export function secondsLeft(sentAt: number, now = Date.now(), interval = SMS_RESEND_INTERVAL_S): number {
  if (!sentAt) return 0;
  const left = interval - Math.floor((now - sentAt) / 1000);
  return Math.min(interval, Math.max(0, left));
}

/**
 * The "retry in {n}s" countdown after an SMS code was sent. The send time is kept in sessionStorage under
 * `key`, so the countdown survives the round trip through the captcha page and a reload.
 */
export function useResendCountdown(key: string) {
  const [sentAt, setSentAt] = useState(() => readSentAt(key));
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsLeft(sentAt, now);

  const running = remaining > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback(() => {
    const at = Date.now();
    try {
      sessionStorage.setItem(storageKey(key), String(at));
    } catch {
      // not persisted: the countdown still runs on this page
    }
    setSentAt(at);
    setNow(at);
  }, [key]);

  const reset = useCallback(() => {
    try {
      sessionStorage.removeItem(storageKey(key));
    } catch {
      // nothing stored
    }
    setSentAt(0);
  }, [key]);

  return { remaining, start, reset };
}
