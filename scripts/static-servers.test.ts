/**
 * The static servers (a remote, the widget server, the partner site) run as the processes `npm start` runs, on
 * free ports, and get the requests that used to kill them: malformed percent-encoding, absurd lengths, path
 * traversal, odd methods. Raw sockets, since fetch and http.request normalise or refuse some of these targets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request as written (request line and extra header lines) and reads the answer to the end. */
function raw(port: number, head: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer from :${port}`)));
    socket.on('connect', () => socket.end(`${head}\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split < 0 ? text.length : split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = split < 0 ? '' : text.slice(split + 4);
      if (headers['transfer-encoding'] === 'chunked') body = body.replace(/(^|\r\n)[0-9a-f]+\r\n/gi, '').replace(/\r\n$/, '');
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body });
    });
  });
}

const isErrorShape = (body: string): boolean => {
  try {
    const v = JSON.parse(body) as Record<string, unknown>;
    return typeof v.message === 'string' && v.message.length > 0 && Object.keys(v).every((k) => ['message', 'errors', 'data'].includes(k));
  } catch {
    return false;
  }
};

interface Server {
  name: string;
  child: ChildProcess;
  port: number;
  ok: string;
  okBody: string;
  assets: boolean;
}

/** Starts a CLI with --port 0 and reads the port it got from the line it prints. */
function startCli(name: string, args: string[], ok: string, okBody: string, assets = true): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PARTNER_PORT: '' } });
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c));
    child.stdout!.on('data', (c: Buffer) => {
      out += c;
      const m = /localhost:(\d+)/.exec(out);
      if (m) resolve({ name, child, port: Number(m[1]), ok, okBody, assets });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${err}`)));
  });
}

let tmp: string;
let servers: Server[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'static-servers-'));
  const remote = path.join(tmp, 'remote');
  const widgets = path.join(tmp, 'widgets');
  mkdirSync(remote);
  mkdirSync(widgets);
  writeFileSync(path.join(remote, 'mf-manifest.json'), '{"id":"mfe_tour"}');
  writeFileSync(path.join(remote, 'app.0123abcd.js'), 'export const app = 1;\n'.repeat(100_000));
  writeFileSync(path.join(tmp, 'secret.json'), '{"secret":"outside the served folder"}');
  symlinkSync(path.join(tmp, 'secret.json'), path.join(remote, 'link.json'));
  writeFileSync(path.join(widgets, 'loader.js'), 'var site="__TW_SITE__", api="__TW_API__";');
  writeFileSync(path.join(widgets, 'search.abcd1234.js'), 'export default 1;');
  servers = await Promise.all([
    startCli('remote', ['scripts/serve-remote.mjs', 'mfe-tour', '--port', '0', '--dir', remote], '/mf-manifest.json', 'mfe_tour'),
    startCli('widgets', ['widgets/serve.mjs', '--port', '0', '--dir', widgets, '--site', 'http://localhost:8080'], '/loader.js', 'http://localhost:8080'),
    startCli('partner site', ['widgets/partner-site/server.mjs', '--port', '0', '--widgets', 'http://localhost:8097', '--site', 'http://localhost:8080'], '/', '<html', false),
  ]);
});

afterAll(async () => {
  await Promise.all(
    servers.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  rmSync(tmp, { recursive: true, force: true });
});

const alive = (s: Server) => s.child.exitCode === null && s.child.signalCode === null;

describe.each(['remote', 'widgets', 'partner site'])('%s server', (name) => {
  const server = () => servers.find((s) => s.name === name)!;

  it('answers malformed targets 400 in the error shape, without echoing them, and keeps serving', async () => {
    const s = server();
    const targets = ['/%', '/%E0%A4%A', '/a%zz', '/ok?q=%E0%A4%A', `/spa/tours?q=%${'A'.repeat(12_000)}`, `/${'b'.repeat(5000)}`, '*', 'http://evil.example/x'];
    for (const target of targets) {
      const res = await raw(s.port, `GET ${target} HTTP/1.1`);
      expect({ target: target.slice(0, 40), status: res.status }).toEqual({ target: target.slice(0, 40), status: 400 });
      expect(res.body).toBe('{"message":"Bad request"}');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // Beyond the HTTP parser's own limit (16 KB of head) and a request line it refuses: the same answer.
    for (const head of [`GET /${'c'.repeat(20_000)} HTTP/1.1`, 'GET /a\u0000b HTTP/1.1', 'NOT A REQUEST']) {
      const res = await raw(s.port, head);
      expect(res.status).toBe(400);
      expect(isErrorShape(res.body)).toBe(true);
    }
    expect(alive(s)).toBe(true);
    const ok = await raw(s.port, `GET ${s.ok} HTTP/1.1`);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain(s.okBody);
  });

  it('never serves anything outside its folder (404)', async () => {
    const s = server();
    for (const target of ['/../../package.json', '/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/mf-manifest.json%00.js', '/loader.js%00', '/..%5c..%5cpackage.json', '/link.json', '/%2e%2e/secret.json', '//etc/passwd']) {
      const res = await raw(s.port, `GET ${target} HTTP/1.1`);
      expect({ target, status: res.status }).toEqual({ target, status: 404 });
      expect(isErrorShape(res.body)).toBe(true);
      expect(res.body).not.toMatch(/workspaces|root:|secret/);
    }
  });

  it('answers other methods 405 in the error shape', async () => {
    const s = server();
    for (const method of ['POST', 'DELETE', 'PUT', 'TRACE', 'PROPFIND']) {
      const res = await raw(s.port, `${method} ${s.ok} HTTP/1.1\r\nContent-Length: 0`);
      expect(res.status).toBe(405);
      expect(res.body).toBe('{"message":"Method not allowed"}');
      expect(res.headers.allow).toBe(s.assets ? 'GET, HEAD, OPTIONS' : 'GET, HEAD');
    }
  });

  it('sends the security headers on every answer', async () => {
    const s = server();
    for (const target of [s.ok, '/missing.js', '/%']) {
      const { headers } = await raw(s.port, `GET ${target} HTTP/1.1`);
      expect(headers['x-content-type-options']).toBe('nosniff');
      if (target !== '/%') {
        expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(headers['cross-origin-resource-policy']).toBe(s.assets ? 'cross-origin' : 'same-origin');
        expect(headers['access-control-allow-origin']).toBe(s.assets ? '*' : undefined);
      }
    }
  });
});

describe('a handler that throws (scripts/lib/static-http.mjs)', () => {
  it('answers 500 in the error shape and logs it, sync or async, and the server lives on', async () => {
    const lib = path.join(ROOT, 'scripts/lib/static-http.mjs');
    const script = `
      import { createStaticServer, listen, portOf } from ${JSON.stringify(lib)};
      const server = createStaticServer(async (req, res, pathname) => {
        if (pathname === '/sync') null.boom;
        if (pathname === '/async') { await null; throw new Error('async boom'); }
        res.end('fine');
      }, { name: 'thrower' });
      await listen(server, 0);
      console.log('listening on localhost:' + portOf(server));`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout!.on('data', (c: Buffer) => {
          const m = /localhost:(\d+)/.exec(String(c));
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
      });
      for (const target of ['/sync', '/async']) {
        const res = await raw(port, `GET ${target} HTTP/1.1`);
        expect(res.status).toBe(500);
        expect(res.body).toBe('{"message":"Internal server error"}');
      }
      expect((await raw(port, 'GET /other HTTP/1.1')).body).toBe('fine');
      expect(err).toMatch(/\[thrower\] GET \/sync: TypeError/);
      expect(err).toMatch(/\[thrower\] GET \/async: Error: async boom/);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('assets', () => {
  const byName = (name: string) => servers.find((s) => s.name === name)!;

  it('a remote serves a hashed file immutable, with its length or gzipped, and HEAD without a body', async () => {
    const s = byName('remote');
    const plain = await raw(s.port, 'GET /app.0123abcd.js HTTP/1.1');
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const gz = await raw(s.port, 'GET /app.0123abcd.js HTTP/1.1\r\nAccept-Encoding: gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const head = await raw(s.port, 'HEAD /mf-manifest.json HTTP/1.1');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const preflight = await raw(s.port, 'OPTIONS /mf-manifest.json HTTP/1.1\r\nOrigin: http://localhost:8080\r\nAccess-Control-Request-Method: GET');
    expect(preflight.status).toBe(204);
  });

  it('a client that goes away mid-download does not take the server down', async () => {
    const s = byName('remote');
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(s.port, '127.0.0.1', () => socket.write('GET /app.0123abcd.js HTTP/1.1\r\nHost: x\r\n\r\n'));
        socket.once('data', () => {
          socket.resetAndDestroy();
          resolve();
        });
        socket.on('error', () => resolve());
      });
    }
    expect(alive(s)).toBe(true);
    expect((await raw(s.port, 'GET /mf-manifest.json HTTP/1.1')).status).toBe(200);
  });

  it('the widget server writes the origins into loader.js', async () => {
    const res = await raw(byName('widgets').port, 'GET /loader.js HTTP/1.1');
    expect(res.body).toBe('var site="http://localhost:8080", api="http://localhost:8080";');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('the partner page keeps its strict policy; other answers get one that allows nothing', async () => {
    const s = byName('partner site');
    const page = await raw(s.port, 'GET / HTTP/1.1');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors '(none|self)'/);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    const missing = await raw(s.port, 'GET /nope HTTP/1.1');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('{"message":"Not found"}');
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
