/**
 * Graceful stop of a server behind a load balancer (issue 31), one implementation for the API and the host server
 * (Node only). On SIGTERM or SIGINT:
 * 1. readiness turns false at once (`GET /readyz` answers 503): the balancer's health check takes the process out
 *    of rotation while it still serves everything it is sent;
 * 2. after `drainMs` (DRAIN_MS; longer than the balancer needs to notice: HAProxy checks every 0.5 s and marks a
 *    server down after 2 failures) the server closes: it accepts no more connections, closes idle kept-alive ones,
 *    finishes the requests in flight, and closes live sockets (socket.io clients reconnect by themselves, to another
 *    process);
 * 3. a server that has not closed within `closeTimeoutMs` exits anyway (status 1).
 * With no balancer (the single-process `npm start`) drainMs is 0: the stop is as quick as before.
 */

export interface DrainOptions {
  /** Closes the server: resolves once in-flight requests are done (fastify's close). */
  close: () => Promise<void>;
  /** How long readiness says 503 before the server closes (ms). */
  drainMs: number;
  /** After the close started, the longest wait before exiting anyway (ms). */
  closeTimeoutMs?: number;
  log?: (message: string) => void;
  /** Ends the process (tests replace it). */
  exit?: (code: number) => void;
}

export interface Drain {
  /** Whether the balancer should send this process requests (false from the signal on). */
  ready(): boolean;
  /** Starts the graceful stop (what the signals do); resolves when the server has closed. */
  stop(reason: string): Promise<void>;
}

/** DRAIN_MS from the environment: a whole number of ms, 0 when unset. */
export function drainMsFrom(env: NodeJS.ProcessEnv): number {
  const value = Number(env.DRAIN_MS ?? 0);
  return Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

export function createDrain(options: DrainOptions): Drain {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | null = null;
  return {
    ready: () => stopping === null,
    stop(reason) {
      stopping ??= (async () => {
        options.log?.(`${reason}: draining for ${options.drainMs} ms, then closing`);
        if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
        const timer = setTimeout(() => {
          options.log?.('close did not finish in time: exiting');
          exit(1);
        }, options.closeTimeoutMs ?? 10_000);
        timer.unref();
        try {
          await options.close();
          clearTimeout(timer);
          exit(0);
        } catch (error) {
          options.log?.(`close failed: ${error instanceof Error ? error.message : String(error)}`);
          exit(1);
        }
      })();
      return stopping;
    },
  };
}

/** Readiness's answer: 200 `{ ok: true }` while ready, 503 `{ message }` while draining. */
export function readinessAnswer(drain: Drain): { status: number; body: { ok: true } | { message: string } } {
  return drain.ready() ? { status: 200, body: { ok: true } } : { status: 503, body: { message: 'Draining' } };
}
