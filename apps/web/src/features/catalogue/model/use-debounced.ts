import { useEffect, useState } from 'react';
import { INPUT_DEBOUNCE_MS } from '@simshop/contracts';

/** The value once it has stayed unchanged for `delay` ms (text inputs: the spec's 100 ms). */
export function useDebouncedValue<T>(value: T, delay: number = INPUT_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
