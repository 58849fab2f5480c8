import { describe, expect, it } from 'vitest';
import { keyPool, type KeyPair } from './loginKeys';

/** The key pool under a flood: one generation at a time, and 503 (null) instead of an ever longer queue. */
describe('login key pool', () => {
  it('generates one pair at a time, only to refill, and refuses a fifth waiting request of one address and a seventeenth in all', async () => {
    const pending: ((k: KeyPair) => void)[] = [];
    let started = 0;
    const generate = () => { started++; return new Promise<KeyPair>((resolve) => pending.push(resolve)); };
    const pair = (n: number): KeyPair => ({ publicKeyDer: Buffer.from([n]), privateKeyPem: `pem-${n}` });
    const pool = keyPool(2, generate);
    pool.start();
    expect(started).toBe(1);
    pending.shift()!(pair(1));
    await Promise.resolve();
    expect(started).toBe(2);
    pending.shift()!(pair(2));
    await Promise.resolve();
    expect(started).toBe(2); // full: nothing generated beyond the pool

    const taken = [pool.take('192.0.2.1'), pool.take('192.0.2.2')];
    expect(await taken[0]).toEqual(pair(1));
    expect(await taken[1]).toEqual(pair(2));
    expect(started).toBe(3); // taking starts a replacement, still one at a time
    const waiting = Array.from({ length: 16 }, (_, i) => pool.take(`198.51.100.${i % 4}`));
    expect(waiting.every((p) => p instanceof Promise)).toBe(true);
    expect(pool.take('198.51.100.99')).toBeNull();
    expect(started).toBe(3);
    pool.close();
    await Promise.allSettled(waiting);
  });

  it('gives the next pair to the address with the fewest waiting: a flooding address does not stand in front of another', async () => {
    const pending: ((k: KeyPair) => void)[] = [];
    const pair = (n: number): KeyPair => ({ publicKeyDer: Buffer.from([n]), privateKeyPem: `pem-${n}` });
    const pool = keyPool(0, () => new Promise<KeyPair>((resolve) => pending.push(resolve)));
    const flood = Array.from({ length: 4 }, () => pool.take('203.0.113.1'));
    expect(pool.take('203.0.113.1')).toBeNull(); // a fifth from that address
    const user = pool.take('198.51.100.2');
    expect(user).toBeInstanceOf(Promise);
    pending.shift()!(pair(1));
    expect(await user).toEqual(pair(1)); // asked after the flood's four, served first
    await Promise.resolve();
    pending.shift()!(pair(2));
    expect(await flood[0]).toEqual(pair(2));
    pool.close();
    await Promise.allSettled(flood);
  });

  it('keeps the last two ready pairs for an address that took none in the last seconds', async () => {
    const pending: ((k: KeyPair) => void)[] = [];
    const pair = (n: number): KeyPair => ({ publicKeyDer: Buffer.from([n]), privateKeyPem: `pem-${n}` });
    const pool = keyPool(3, () => new Promise<KeyPair>((resolve) => pending.push(resolve)));
    pool.start();
    for (let n = 1; n <= 3; n++) { pending.shift()!(pair(n)); await Promise.resolve(); await Promise.resolve(); }
    expect(await pool.take('203.0.113.1')).toEqual(pair(1)); // its first: from the pool
    const again = pool.take('203.0.113.1'); // at once again: the two left are kept
    expect(await pool.take('198.51.100.2')).toEqual(pair(2)); // someone else gets one at once
    pending.shift()!(pair(4));
    expect(await again).toEqual(pair(4)); // the flood's waits for a fresh pair
    pool.close();
  });

  it('hands the next pair to the first waiting request', async () => {
    const pending: ((k: KeyPair) => void)[] = [];
    const pair = (n: number): KeyPair => ({ publicKeyDer: Buffer.from([n]), privateKeyPem: `pem-${n}` });
    let started = 0;
    const pool = keyPool(0, () => { started++; return new Promise<KeyPair>((resolve) => pending.push(resolve)); });
    const waiting = [pool.take('a'), pool.take('b')];
    expect(started).toBe(1);
    pending.shift()!(pair(3));
    expect(await waiting[0]).toEqual(pair(3)); // the first waiting request gets the next pair
    pool.close();
    await Promise.allSettled(waiting);
  });
});
