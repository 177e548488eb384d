// The API budgets' 'N connections' (issues 13 and 14): N keep-alive sockets, one per caller, each from its own
// loopback address so that each caller is its own visitor to the per-address limits, as N travellers would be.
// node:http rather than fetch: on this 2-core machine fetch's own CPU per request (about half the API's) competes
// with the API being measured; the search bench's autocannon is as lean, but these benches need each request's body
// and answer in sequence per caller.
import http from 'node:http';

/**
 * `count` callers of `apiUrl`, the n-th on 127.0.<subnet>.<n+1> (the API must listen on 127.0.0.1 or any address).
 * `caller.post(path, body, headers)` resolves with the status and the parsed JSON answer (null when not JSON).
 */
export function openConnections(apiUrl, count, { subnet = 4 } = {}) {
  const url = new URL(apiUrl);
  const callers = Array.from({ length: count }, (_, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.${subnet}.${i + 1}` });
    const post = (path, body, headers = {}) => new Promise((resolve, reject) => {
      const data = JSON.stringify(body);
      const req = http.request({
        host: url.hostname, port: url.port, path, method: 'POST', agent,
        headers: { 'content-type': 'application/json', accept: 'application/json', 'content-length': Buffer.byteLength(data), ...headers },
      }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Not JSON: the status tells.
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      });
      req.on('error', reject);
      req.end(data);
    });
    return { address: `127.0.${subnet}.${i + 1}`, post, close: () => agent.destroy() };
  });
  return { callers, close: () => callers.forEach((c) => c.close()) };
}

/** Of several measured runs, the one with the median p95 (a single run's p95 moves by a third on this machine). */
export const medianRun = (runs) => [...runs].sort((a, b) => a.p95 - b.p95)[Math.floor(runs.length / 2)];

/**
 * The steady state of a load: `measure()` (one run, answering at least { p50, p95, errors }) again and again for
 * `warmupMs` first (the JIT compiling the paths on the same 2 cores: measured, p95 falls by a third over the first
 * 3,000 requests), then `runs` measured runs. Answers the run with the median p95 with the runs' p95s beside it, and
 * the warm-up's own figures.
 */
export async function steadyMedian(measure, { warmupMs = 10_000, runs = 3 } = {}) {
  const started = performance.now();
  const warmups = [];
  while (performance.now() - started < warmupMs) warmups.push(await measure());
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const measured = [];
  for (let i = 0; i < runs; i++) measured.push(await measure());
  return {
    median: { ...medianRun(measured), runsP95: measured.map((m) => m.p95) },
    warmup: { seconds, runs: warmups.length, p50: warmups.map((w) => w.p50), p95: warmups.map((w) => w.p95), errors: warmups.reduce((n, w) => n + w.errors, 0) },
  };
}
