// Chat budget (issue 15), for `npm run bench` (part `areas`):
//   a message from one client to another through the server (a traveller's send-message call until the support
//   agent's socket gets `new_message`, and the agent's reply until the traveller's socket gets it): p95 ≤ 50 ms
//   with 200 clients connected (199 travellers and the agent).
// `benchChat({ apiUrl })` runs against a started product in development mode (the travellers sign in by code read
// from the outbox; the agent is the seeded support account). The cluster bench (bench/cluster.mjs) runs it through
// the balancer with each socket's own headers (`socketHeaders`) and its figures split by `labelOf` (same process as
// the agent's, or across).
import { io } from 'socket.io-client';
import { signInByCode } from './accounts.mjs';

export const CHAT_BUDGETS = { messageP95Ms: 50, clients: 200 };
const SUPPORT = { login: 'support@tours.example', password: 'support-dev-password' };
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const round = (n) => Math.round(n * 10) / 10;

async function call(apiUrl, method, path, token, body) {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { accept: 'application/json', 'x-authorization': `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
  return answer;
}

/** A socket.io client of the chat, connected (websocket only, as a browser after its upgrade). */
function connect(apiUrl, token, extraHeaders = {}) {
  return new Promise((resolve, reject) => {
    const socket = io(apiUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, timeout: 10_000, extraHeaders });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Resolves with the time `text` arrives as `new_message` on `socket`. */
function arrival(socket, text) {
  return new Promise((resolve) => {
    const onMessage = (event) => {
      if (event?.message?.text !== text) return;
      socket.off('new_message', onMessage);
      resolve(performance.now());
    };
    socket.on('new_message', onMessage);
  });
}

/**
 * `socketHeaders(role, i)`: the handshake headers of the agent's socket ('agent', 0) and of the i-th traveller's
 * ('traveller', i); `labelOf(i)`: a name for the i-th traveller's messages (each label's p95 is reported beside the
 * whole).
 */
export async function benchChat({ apiUrl, clients = CHAT_BUDGETS.clients, messages = 200, socketHeaders = () => ({}), labelOf = null }) {
  const run = Date.now().toString(36);
  const agentToken = (await (await fetch(`${apiUrl}/crm/api/agent/auth`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(SUPPORT),
  })).json()).token;
  if (!agentToken) throw new Error('the support agent could not sign in (is the staff seed there?)');
  const travellers = [];
  // Sign-ins in small batches (each is two calls and an outbox read).
  for (let i = 0; i < clients - 1; i += 10) {
    travellers.push(...(await Promise.all(Array.from({ length: Math.min(10, clients - 1 - i) }, async (_, j) => {
      const token = await signInByCode(apiUrl, `bench-chat-${run}-${i + j}@example.com`);
      const { id } = await call(apiUrl, 'GET', '/crm/api/chat/get-chat-with-support?site_id=1', token);
      return { token, chatId: id };
    }))));
  }
  const agent = await connect(apiUrl, agentToken, socketHeaders('agent', 0));
  const sockets = [agent];
  try {
    for (let i = 0; i < travellers.length; i += 20) {
      const batch = await Promise.all(travellers.slice(i, i + 20).map((t, j) => connect(apiUrl, t.token, socketHeaders('traveller', i + j))));
      batch.forEach((socket, j) => {
        travellers[i + j].socket = socket;
        sockets.push(socket);
      });
    }
    const connected = sockets.filter((s) => s.connected).length;
    const toAgent = [];
    const toTraveller = [];
    const byLabel = new Map();
    // Messages one after another over the travellers (a chat's normal pace), each timed to its arrival.
    for (let m = 0; m < messages; m++) {
      const t = travellers[m % travellers.length];
      const text = `bench ${run} ${m}`;
      const seen = arrival(agent, text);
      const t0 = performance.now();
      await call(apiUrl, 'POST', '/crm/api/chat/send-message', t.token, { chat_id: t.chatId, message: text });
      toAgent.push((await seen) - t0);
      const reply = `${text} reply`;
      const back = arrival(t.socket, reply);
      const t1 = performance.now();
      await call(apiUrl, 'POST', '/crm/api/agent/send-message', agentToken, { chat_id: t.chatId, message: reply });
      toTraveller.push((await back) - t1);
      const label = labelOf?.(m % travellers.length);
      if (label) byLabel.set(label, [...(byLabel.get(label) ?? []), toAgent.at(-1), toTraveller.at(-1)]);
    }
    const all = [...toAgent, ...toTraveller].sort((a, b) => a - b);
    toAgent.sort((a, b) => a - b);
    toTraveller.sort((a, b) => a - b);
    const p95 = round(percentile(all, 95));
    return {
      clients: connected, messages: all.length,
      p50: round(percentile(all, 50)), p95, max: round(all.at(-1) ?? 0),
      travellerToAgentP95: round(percentile(toAgent, 95)), agentToTravellerP95: round(percentile(toTraveller, 95)),
      ...(labelOf ? { byLabel: Object.fromEntries([...byLabel].map(([label, times]) => [label, { messages: times.length, p95: round(percentile(times.sort((a, b) => a - b), 95)) }])) } : {}),
      ok: connected >= CHAT_BUDGETS.clients && p95 <= CHAT_BUDGETS.messageP95Ms,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}
