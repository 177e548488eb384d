/**
 * HTTP as an attacker sends it: raw bytes over a socket (no client normalises the URL or the headers), and
 * plain requests from a chosen loopback address, so the servers see distinct visitors (127.0.0.0/8 is all
 * this machine's).
 */
import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function decodeChunked(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    if (eol < 0) return out;
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** Sends `head` (request line and headers, without the blank line) and `body` as they are; reads to the close. */
export function raw(port: number, head: string, body = '', timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no answer from :${port} in ${timeoutMs} ms`)), timeoutMs);
    // Written, not ended: like a browser, the client keeps its side open until the server closes (Connection: close).
    socket.on('connect', () => socket.write(`${head}\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n${body}`));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split < 0 ? text.length : split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const rawBody = split < 0 ? '' : text.slice(split + 4);
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: headers['transfer-encoding'] === 'chunked' ? decodeChunked(rawBody) : rawBody });
    });
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agents = new Map<string, http.Agent>();
/** One keep-alive agent per visitor address. */
function agentFor(localAddress: string): http.Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, localAddress, maxSockets: 8 });
    agents.set(localAddress, agent);
  }
  return agent;
}

/** A request from the visitor at `from` (a 127.x.y.z address). */
export function request(
  port: number,
  path: string,
  { from = '127.0.0.1', method = 'GET', headers = {}, body }: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: { accept: 'application/json', ...headers }, agent: agentFor(from) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout ${method} ${path}`)));
    req.on('error', reject);
    req.end(body);
  });
}

export function closeAgents(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

/** The spec's error shape (public-site §8): a message, optional field errors and data; nothing else. */
export function isErrorShape(body: string): boolean {
  try {
    const v = JSON.parse(body) as Record<string, unknown>;
    if (typeof v !== 'object' || v === null || typeof v.message !== 'string' || !v.message) return false;
    return Object.keys(v).every((k) => k === 'message' || k === 'errors' || k === 'data');
  } catch {
    return false;
  }
}

/** Runs `count` calls of `fn` with at most `parallel` at a time. */
export async function pool(count: number, parallel: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}
