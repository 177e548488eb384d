/**
 * @jest-environment node
 */
/**
 * The request widget's page-thread proof of work (pow.ts) finds the counters the API's challenges hide and gives the
 * derived keys the API recomputes: PBKDF2 as node's crypto computes it (altcha-lib on the API does the same), SHA as
 * ALTCHA's sha worker iterates it; and it speaks the worker messages the ALTCHA widget sends.
 */
import { createHash, pbkdf2Sync, randomBytes } from 'node:crypto';
import { PageThreadSolver, pbkdf2, registerPageThreadSolvers, sha, solve, type WorkMessage } from './pow';

const nonce = randomBytes(16).toString('hex');
const salt = randomBytes(16).toString('hex');
const counterBytes = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const password = (n: number, mode: 'uint32' | 'string' = 'uint32') => Buffer.concat([Buffer.from(nonce, 'hex'), mode === 'string' ? Buffer.from(String(n)) : counterBytes(n)]);

/** A challenge whose key prefix is the whole key of `counter` (so no other counter matches). */
function pbkdf2Challenge(counter: number, algorithm = 'PBKDF2/SHA-256', mode: 'uint32' | 'string' = 'uint32') {
  const digest = algorithm.replace('PBKDF2/SHA-', 'sha');
  const key = pbkdf2Sync(password(counter, mode), Buffer.from(salt, 'hex'), 10, 32, digest).toString('hex');
  return { key, work: { type: 'work', challenge: { parameters: { algorithm, nonce, salt, cost: 10, keyLength: 32, keyPrefix: key } }, counterMode: mode } as WorkMessage };
}

test('PBKDF2 (the API’s algorithm): the counter and the key node computes', async () => {
  const { key, work } = pbkdf2Challenge(7);
  expect(await solve(work, pbkdf2, new AbortController().signal)).toEqual({ counter: 7, derivedKey: key, time: expect.any(Number) });
});

test('PBKDF2/SHA-512 and the string counter mode of v1 challenges', async () => {
  const { key, work } = pbkdf2Challenge(12, 'PBKDF2/SHA-512', 'string');
  expect(await solve(work, pbkdf2, new AbortController().signal)).toMatchObject({ counter: 12, derivedKey: key });
});

test('an odd-length key prefix is compared as hex text; counterStart and counterStep split the counters between solvers', async () => {
  const { key, work } = pbkdf2Challenge(9);
  const odd = { ...work, challenge: { parameters: { ...work.challenge.parameters, keyPrefix: key.slice(0, 63) } }, counterStart: 1, counterStep: 2 };
  expect(await solve(odd, pbkdf2, new AbortController().signal)).toMatchObject({ counter: 9, derivedKey: key });
});

test('SHA: the digest of salt + password, digested again cost times in all', async () => {
  const cost = 3;
  let data = Buffer.concat([Buffer.from(salt, 'hex'), password(4)]);
  for (let i = 0; i < cost; i++) data = createHash('sha256').update(data).digest();
  const key = data.toString('hex');
  const work = { type: 'work', challenge: { parameters: { algorithm: 'SHA-256', nonce, salt, cost, keyLength: 32, keyPrefix: key } } } as WorkMessage;
  expect(await solve(work, sha, new AbortController().signal)).toMatchObject({ counter: 4, derivedKey: key });
});

test('an aborted search answers null', async () => {
  const controller = new AbortController();
  controller.abort();
  expect(await solve(pbkdf2Challenge(3).work, pbkdf2, controller.signal)).toBeNull();
});

describe('as the ALTCHA widget drives a worker', () => {
  test('work → the solution as a message; abort → null; terminated → silent', async () => {
    const { key, work } = pbkdf2Challenge(5);
    const solver = new PageThreadSolver(pbkdf2);
    const messages: unknown[] = [];
    solver.addEventListener('message', (e) => messages.push((e as MessageEvent).data));
    solver.postMessage(work);
    await new Promise<void>((resolve) => solver.addEventListener('message', () => resolve(), { once: true }));
    expect(messages).toEqual([{ counter: 5, derivedKey: key, time: expect.any(Number) }]);

    const never = { ...work, challenge: { parameters: { ...work.challenge.parameters, keyPrefix: 'ff'.repeat(32) } } };
    solver.postMessage(never);
    solver.postMessage({ type: 'abort' });
    await new Promise<void>((resolve) => solver.addEventListener('message', () => resolve(), { once: true }));
    expect(messages[1]).toBeNull();

    solver.postMessage(never);
    solver.terminate();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(messages).toHaveLength(2);
  });

  test('an error is a message with the error text, as from a worker', async () => {
    const solver = new PageThreadSolver(async () => {
      throw new Error('no WebCrypto');
    });
    const data = new Promise((resolve) => solver.addEventListener('message', (e) => resolve((e as MessageEvent).data)));
    solver.postMessage(pbkdf2Challenge(1).work);
    expect(await data).toEqual({ error: 'no WebCrypto' });
  });

  test('registers PBKDF2 and SHA with their three digests, and no wasm algorithm', () => {
    const algorithms = new Map<string, () => Worker | Promise<Worker>>();
    registerPageThreadSolvers(algorithms);
    expect([...algorithms.keys()].sort()).toEqual(['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512', 'SHA-256', 'SHA-384', 'SHA-512']);
    expect(algorithms.get('PBKDF2/SHA-256')!()).toBeInstanceOf(PageThreadSolver);
  });
});
