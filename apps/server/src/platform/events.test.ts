import { describe, expect, it } from 'vitest';
import { createMemoryBus, createRedisBus, type EventOrigin } from './events';

const REDIS_URL = 'redis://127.0.0.1:6379';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('event bus', () => {
  it('delivers in process to every subscriber of the topic, and stops after unsubscribe', async () => {
    const bus = createMemoryBus();
    const got: unknown[] = [];
    const off = bus.subscribe('t', (p) => got.push(p));
    bus.subscribe('other', () => got.push('wrong topic'));
    bus.subscribe('t', () => {
      throw new Error('a broken subscriber does not stop the others');
    });
    bus.publish('t', { n: 1 });
    off();
    bus.publish('t', { n: 2 });
    expect(got).toEqual([{ n: 1 }]);
    await bus.close();
  });

  it('over Redis: local subscribers at once, other instances once, never the echo of its own', async () => {
    const a = await createRedisBus(REDIS_URL);
    const b = await createRedisBus(REDIS_URL);
    // a topic of this run only: other test runs may share the Redis
    const topic = `test-${Math.random().toString(36).slice(2)}`;
    const seenA: [unknown, EventOrigin][] = [];
    const seenB: [unknown, EventOrigin][] = [];
    a.subscribe(topic, (p, o) => seenA.push([p, o]));
    b.subscribe(topic, (p, o) => seenB.push([p, o]));
    a.publish(topic, { hello: 'from a' });
    expect(seenA).toEqual([[{ hello: 'from a' }, 'local']]);
    for (let i = 0; i < 50 && seenB.length === 0; i += 1) await wait(20);
    await wait(100); // an echo would have arrived by now
    expect(seenB).toEqual([[{ hello: 'from a' }, 'remote']]);
    expect(seenA).toHaveLength(1);
    await a.close();
    await b.close();
  });
});
