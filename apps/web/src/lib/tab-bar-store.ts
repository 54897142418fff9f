import { useSyncExternalStore } from 'react';

/** Per-tab dynamic state (spec "Tab bar item": badge and redDot); index 0 home, 1 category, 2 cart, 3 my. */
export type TabState = { badge: string | null; redDot: boolean; visible: boolean };

let state: TabState[] = Array.from({ length: 4 }, () => ({ badge: null, redDot: false, visible: true }));
const listeners = new Set<() => void>();

function update(index: number, patch: Partial<TabState>) {
  if (!state[index]) return;
  state = state.map((s, i) => (i === index ? { ...s, ...patch } : s));
  listeners.forEach((l) => l());
}

/** Shows `text` in a badge on tab `index`; empty text or 0 removes it. */
export function setTabBadge(index: number, text: string | number | null): void {
  const value = text === null || text === '' || text === 0 ? null : String(text);
  update(index, { badge: value });
}
export const removeTabBadge = (index: number) => setTabBadge(index, null);
export const showTabRedDot = (index: number) => update(index, { redDot: true });
export const hideTabRedDot = (index: number) => update(index, { redDot: false });
export const setTabVisible = (index: number, visible: boolean) => update(index, { visible });
export const CART_TAB_INDEX = 2;

export const tabBarStore = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTabStates(): TabState[] {
  return useSyncExternalStore(tabBarStore.subscribe, tabBarStore.getState, tabBarStore.getState);
}
