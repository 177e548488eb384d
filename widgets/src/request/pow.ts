/**
 * ALTCHA's proof of work on the page's own thread, for the request widget on a partner's page. The widget's usual
 * solvers are Web Workers, which a partner's Content Security Policy may forbid (a worker from the widget origin is
 * cross-origin, so it would have to start from blob:, which `script-src 'nonce-…' 'strict-dynamic'` or a
 * `worker-src` without blob: refuse — and the refusal is a CSP violation on the partner's page). So each "worker" the
 * ALTCHA widget asks for is this stand-in: the same messages ({ type: 'work' | 'abort' } in, the solution or
 * { error } out) and the same algorithms as its pbkdf2 and sha workers, with WebCrypto, whose work runs off the
 * page's thread in the browsers anyway: the page stays responsive, and the solutions are the ones the API checks.
 * Argon2id and scrypt (wasm) are not offered: the API's challenges are PBKDF2/SHA-256 (api/src/lib/captcha.ts).
 */

interface ChallengeParameters {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength?: number;
  keyPrefix: string;
}

export interface WorkMessage {
  type: 'work';
  challenge: { parameters: ChallengeParameters };
  counterMode?: 'uint32' | 'string';
  counterStart?: number;
  counterStep?: number;
  timeout?: number;
}

export interface Solution {
  counter: number;
  derivedKey: string;
  time: number;
}

type DeriveKey = (parameters: ChallengeParameters, salt: Uint8Array, password: Uint8Array) => Promise<Uint8Array>;

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (byte) => parseInt(byte, 16));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};
/** The digest of an algorithm name: 'PBKDF2/SHA-384' → 'SHA-384', 'SHA-512' → 'SHA-512'; SHA-256 otherwise. */
const digestOf = (algorithm: string) => /SHA-(384|512)$/.exec(algorithm)?.[0] ?? 'SHA-256';

/** PBKDF2 of the counter-suffixed nonce with the salt, `cost` iterations (ALTCHA's pbkdf2 worker). */
export const pbkdf2: DeriveKey = async (parameters, salt, password) => {
  const key = await crypto.subtle.importKey('raw', password as BufferSource, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', salt: salt as BufferSource, iterations: parameters.cost, hash: digestOf(parameters.algorithm) }, key, (parameters.keyLength ?? 32) * 8);
  return new Uint8Array(bits);
};

/** The digest of salt + password, digested again `cost` times in all (ALTCHA's sha worker). */
export const sha: DeriveKey = async (parameters, salt, password) => {
  const length = parameters.keyLength ?? 32;
  let data = concat(salt, password);
  for (let i = 0; i < Math.max(1, parameters.cost); i++) {
    data = new Uint8Array(await crypto.subtle.digest(digestOf(parameters.algorithm), data as BufferSource)).slice(0, length);
  }
  return data;
};

/** Tries counters from counterStart by counterStep until the derived key starts with keyPrefix (ALTCHA's solveChallenge). */
export async function solve(work: WorkMessage, deriveKey: DeriveKey, signal: AbortSignal): Promise<Solution | null> {
  const { challenge, counterMode = 'uint32', counterStart = 0, counterStep = 1, timeout = 90_000 } = work;
  const { nonce, salt, keyPrefix } = challenge.parameters;
  const nonceBytes = fromHex(nonce);
  const saltBytes = fromHex(salt);
  const prefix = keyPrefix.length % 2 === 0 ? fromHex(keyPrefix) : null;
  const encoder = new TextEncoder();
  const start = performance.now();
  for (let counter = counterStart, i = 0; ; counter += counterStep, i++) {
    if (signal.aborted || (timeout && i % 10 === 0 && performance.now() - start > timeout)) return null;
    let password: Uint8Array;
    if (counterMode === 'string') password = concat(nonceBytes, encoder.encode(String(counter)));
    else {
      password = concat(nonceBytes, new Uint8Array(4));
      new DataView(password.buffer).setUint32(nonceBytes.length, counter);
    }
    const key = await deriveKey(challenge.parameters, saltBytes, password);
    if (prefix ? prefix.every((b, j) => key[j] === b) : toHex(key).startsWith(keyPrefix)) {
      return { counter, derivedKey: toHex(key), time: Math.round(performance.now() - start) };
    }
  }
}

/** What the ALTCHA widget uses of a Worker: postMessage, 'message' and 'error' events, terminate. */
export class PageThreadSolver extends EventTarget {
  private controller: AbortController | null = null;

  constructor(private readonly deriveKey: DeriveKey) {
    super();
  }

  postMessage(message: WorkMessage | { type: 'abort' }): void {
    if (message.type === 'abort') return this.controller?.abort();
    this.controller?.abort();
    const controller = (this.controller = new AbortController());
    solve(message, this.deriveKey, controller.signal).then(
      (data) => this.reply(controller, data),
      (error: unknown) => this.reply(controller, { error: String((error as Error)?.message ?? error) }),
    );
  }

  terminate(): void {
    this.controller?.abort();
    this.controller = null;
  }

  private reply(controller: AbortController, data: unknown): void {
    // A terminated solver stays silent, as a terminated worker does.
    if (this.controller === controller) this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

/** Registers the stand-ins for ALTCHA's PBKDF2 and SHA algorithms (`$altcha.algorithms`). */
export function registerPageThreadSolvers(algorithms: Map<string, () => Worker | Promise<Worker>>): void {
  for (const digest of ['SHA-256', 'SHA-384', 'SHA-512']) {
    algorithms.set(`PBKDF2/${digest}`, () => new PageThreadSolver(pbkdf2) as unknown as Worker);
    algorithms.set(digest, () => new PageThreadSolver(sha) as unknown as Worker);
  }
}
