/**
 * A small SIP-over-WebSocket peer for the registrar tests (api/test/sip-registrar.test.ts): it sends hand-made
 * requests (including the forged ones an attacker would), answers one digest challenge with ephemeral credentials,
 * and answers requests that reach it, so a test sees exactly what kamailio forwards and what it refuses.
 */
import { createHash, randomBytes } from 'node:crypto';
import WebSocket from 'ws';

export interface SipMessage {
  raw: string;
  /** The request's method, or undefined for a response. */
  method?: string;
  /** The request's URI. */
  uri?: string;
  status?: number;
  /** Header values by lower-case name, in order. */
  headers: Map<string, string[]>;
}

export interface SipCredentials {
  public_identity: string;
  private_identity: string;
  password: string;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export function parseSip(raw: string): SipMessage {
  const [head = ''] = raw.split('\r\n\r\n');
  const [start = '', ...lines] = head.split('\r\n');
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i < 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(i + 1).trim()]);
  }
  const status = /^SIP\/2\.0 (\d{3})/.exec(start);
  if (status) return { raw, status: Number(status[1]), headers };
  const [method, uri] = start.split(' ');
  return { raw, method, uri, headers };
}

export const header = (m: SipMessage, name: string): string => m.headers.get(name.toLowerCase())?.[0] ?? '';
/** The URI inside a name-addr (`"Anna" <sip:a@b>;tag=x` → `sip:a@b`). */
export const uriOf = (nameAddr: string): string => /<([^>]*)>/.exec(nameAddr)?.[1] ?? nameAddr.split(';')[0]!;

export interface RequestSpec {
  method: string;
  uri: string;
  from: string;
  to: string;
  fromTag?: string;
  toTag?: string;
  callId?: string;
  cseq?: number;
  /** Extra header lines (Route, Contact, a second Proxy-Authorization…). */
  extra?: string[];
  /** Answer a 401/407 challenge with these. */
  credentials?: SipCredentials;
  body?: string;
}

/** A minimal SDP offer: the registrar relays signalling only, so any well-formed offer will do. */
export const SDP = ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 'c=IN IP4 127.0.0.1', 't=0 0', 'm=audio 9 RTP/AVP 0', 'a=rtpmap:0 PCMU/8000', ''].join('\r\n');

export class SipPeer {
  readonly messages: SipMessage[] = [];
  private waiters: { match: (m: SipMessage) => boolean; resolve: (m: SipMessage) => void }[] = [];
  /** Where this peer says it is (its Contact host, unreachable as a browser's). */
  readonly host = `${hex(6)}.invalid`;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = parseSip(data.toString());
      const i = this.waiters.findIndex((w) => w.match(m));
      if (i >= 0) this.waiters.splice(i, 1)[0]!.resolve(m);
      else this.messages.push(m);
    });
  }

  static connect(url: string): Promise<SipPeer> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, 'sip');
      ws.once('open', () => resolve(new SipPeer(ws)));
      ws.once('error', reject);
    });
  }

  close(): void {
    this.ws.close();
  }

  send(lines: string[], body = ''): void {
    this.ws.send([...lines, `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n'));
  }

  /** The next message (already received or coming) that matches, or null after `ms`. */
  next(match: (m: SipMessage) => boolean, ms = 2000): Promise<SipMessage | null> {
    const i = this.messages.findIndex(match);
    if (i >= 0) return Promise.resolve(this.messages.splice(i, 1)[0]!);
    return new Promise((resolve) => {
      const waiter = { match, resolve: (m: SipMessage | null) => { clearTimeout(timer); resolve(m); } };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(null);
      }, ms);
      this.waiters.push(waiter);
    });
  }

  /** Requests that reached this peer (the test's proof of what was forwarded). */
  requests(method?: string): SipMessage[] {
    return this.messages.filter((m) => m.method && (!method || m.method === method));
  }

  /**
   * Sends a request and resolves its final response (answering one digest challenge when credentials are given), or
   * null when nothing final comes back (an ACK, or a request the registrar drops).
   */
  async request(spec: RequestSpec, ms = 3000): Promise<SipMessage | null> {
    const callId = spec.callId ?? hex(8);
    const fromTag = spec.fromTag ?? hex(4);
    let cseq = spec.cseq ?? 1;
    const build = (authorization?: string) => {
      const branch = `z9hG4bK${hex(6)}`;
      const lines = [
        `${spec.method} ${spec.uri} SIP/2.0`,
        `Via: SIP/2.0/WS ${this.host};branch=${branch}`,
        'Max-Forwards: 70',
        `To: <${spec.to}>${spec.toTag ? `;tag=${spec.toTag}` : ''}`,
        `From: <${spec.from}>;tag=${fromTag}`,
        `Call-ID: ${callId}`,
        `CSeq: ${cseq} ${spec.method === 'ACK' ? 'ACK' : spec.method}`,
        `Contact: <sip:${hex(4)}@${this.host};transport=ws>`,
        ...(spec.extra ?? []),
        ...(authorization ? [authorization] : []),
        ...(spec.body ? ['Content-Type: application/sdp'] : []),
      ];
      return { branch, lines };
    };
    const isFinal = (branch: string) => (m: SipMessage) => m.status !== undefined && m.status >= 200 && header(m, 'via').includes(branch);
    let sent = build();
    this.send(sent.lines, spec.body);
    if (spec.method === 'ACK') return null;
    let answer = await this.next(isFinal(sent.branch), ms);
    if (answer && (answer.status === 401 || answer.status === 407) && spec.credentials) {
      const challenge = header(answer, answer.status === 401 ? 'www-authenticate' : 'proxy-authenticate');
      const realm = /realm="([^"]*)"/.exec(challenge)![1]!;
      const nonce = /nonce="([^"]*)"/.exec(challenge)![1]!;
      const c = spec.credentials;
      const response = md5(`${md5(`${c.private_identity}:${realm}:${c.password}`)}:${nonce}:${md5(`${spec.method}:${spec.uri}`)}`);
      const name = answer.status === 401 ? 'Authorization' : 'Proxy-Authorization';
      cseq++;
      sent = build(`${name}: Digest username="${c.private_identity}", realm="${realm}", nonce="${nonce}", uri="${spec.uri}", response="${response}", algorithm=MD5`);
      this.send(sent.lines, spec.body);
      answer = await this.next(isFinal(sent.branch), ms);
    }
    return answer;
  }

  /** REGISTERs the credentials' identity at `domain`; resolves the final status. */
  async register(credentials: SipCredentials, domain: string): Promise<number | undefined> {
    const aor = credentials.public_identity;
    const answer = await this.request({ method: 'REGISTER', uri: `sip:${domain}`, from: aor, to: aor, credentials, extra: ['Expires: 60'] });
    return answer?.status;
  }

  /** Answers a request that reached this peer with `status` (a 200 to an INVITE carries a Contact and an SDP answer). */
  reply(request: SipMessage, status: number, reason: string, toTag = hex(4)): void {
    const to = header(request, 'to');
    const lines = [
      `SIP/2.0 ${status} ${reason}`,
      ...(request.headers.get('via') ?? []).map((v) => `Via: ${v}`),
      ...(request.headers.get('record-route') ?? []).map((v) => `Record-Route: ${v}`),
      `To: ${to.includes(';tag=') ? to : `${to};tag=${toTag}`}`,
      `From: ${header(request, 'from')}`,
      `Call-ID: ${header(request, 'call-id')}`,
      `CSeq: ${header(request, 'cseq')}`,
      ...(request.method === 'INVITE' && status === 200 ? [`Contact: <sip:${hex(4)}@${this.host};transport=ws>`, 'Content-Type: application/sdp'] : []),
    ];
    this.send(lines, request.method === 'INVITE' && status === 200 ? SDP : '');
  }
}
