import type { LoginType } from '@simshop/contracts';

/** App-wide events and their payloads. */
export type AppEvents = {
  afterLogin: LoginType;
  logout: void;
};

type Handler<K extends keyof AppEvents> = (payload: AppEvents[K]) => void;
const handlers = new Map<keyof AppEvents, Set<Handler<any>>>();

export function on<K extends keyof AppEvents>(event: K, handler: Handler<K>): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler);
  return () => off(event, handler);
}

export function off<K extends keyof AppEvents>(event: K, handler: Handler<K>): void {
  handlers.get(event)?.delete(handler);
}

export function emit<K extends keyof AppEvents>(
  event: K,
  ...payload: AppEvents[K] extends void ? [] : [AppEvents[K]]
): void {
  for (const h of [...(handlers.get(event) ?? [])]) {
    try {
      h(payload[0] as AppEvents[K]);
    } catch (err) {
      console.error(`[events] ${event} handler failed`, err);
    }
  }
}
