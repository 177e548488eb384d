/**
 * What a connection may cost a server before it has said anything (issue 28, item 9: header trickling held a
 * connection 55 s, and 3,000 connections that never sent a byte were accepted and kept). One implementation for the
 * host server and the API (Node only):
 * - a connection must finish its first request's headers (or WebSocket upgrade) within `firstRequestMs`, whether it
 *   sends nothing (half-open) or one byte at a time; later requests on a kept-alive connection have node's own
 *   headersTimeout, set to the same bound;
 * - at most `maxConnections` open at once, and at most `perAddress` from one address (not counting `exempt` ones: a
 *   trusted load balancer carries every visitor), so one visitor cannot take them all.
 * Over a limit the socket is closed at once: nothing has been read, so there is nothing to answer.
 */
import type { Server } from 'node:http';
import { BlockList, isIPv6, type Socket } from 'node:net';

export interface ConnectionLimits {
  firstRequestMs: number;
  maxConnections: number;
  perAddress: number;
  /** Addresses not counted per address (trusted proxies). */
  exempt?: (address: string) => boolean;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { firstRequestMs: 10_000, maxConnections: 8192, perAddress: 256 };

/** An `exempt` test for TRUST_PROXY's addresses and CIDRs (an IPv4 peer may show as ::ffff:a.b.c.d). */
export function addressesIn(list: readonly string[]): (address: string) => boolean {
  const blocks = new BlockList();
  for (const entry of list) {
    const [ip = '', prefix] = entry.split('/');
    const type = isIPv6(ip) ? 'ipv6' : 'ipv4';
    try {
      if (prefix === undefined) blocks.addAddress(ip, type);
      else blocks.addSubnet(ip, Number(prefix), type);
    } catch { /* not an address (a name): the settings reader reports those */ }
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
    return blocks.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
  };
}

/** Connection limits from the environment: CONNECTIONS_MAX, CONNECTIONS_PER_ADDRESS, FIRST_REQUEST_TIMEOUT_MS. */
export function connectionLimitsFrom(env: Record<string, string | undefined>, trusted: readonly string[]): ConnectionLimits {
  const num = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, not '${value}'`);
    return n;
  };
  return {
    firstRequestMs: num('FIRST_REQUEST_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.firstRequestMs),
    maxConnections: num('CONNECTIONS_MAX', DEFAULT_CONNECTION_LIMITS.maxConnections),
    perAddress: num('CONNECTIONS_PER_ADDRESS', DEFAULT_CONNECTION_LIMITS.perAddress),
    exempt: addressesIn(trusted),
  };
}

export function guardConnections(server: Server, limits: ConnectionLimits): { open: () => number } {
  const perAddress = new Map<string, number>();
  const waiting = new WeakMap<Socket, NodeJS.Timeout>();
  let open = 0;
  server.headersTimeout = limits.firstRequestMs;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const counted = !(limits.exempt?.(address) ?? false);
    const mine = counted ? (perAddress.get(address) ?? 0) + 1 : 0;
    if (open >= limits.maxConnections || (counted && mine > limits.perAddress)) {
      socket.destroy();
      return;
    }
    open++;
    if (counted) perAddress.set(address, mine);
    const timer = setTimeout(() => socket.destroy(), limits.firstRequestMs);
    timer.unref();
    waiting.set(socket, timer);
    socket.once('close', () => {
      clearTimeout(timer);
      open--;
      if (!counted) return;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
  const started = (socket: Socket) => {
    const timer = waiting.get(socket);
    if (timer) {
      clearTimeout(timer);
      waiting.delete(socket);
    }
  };
  server.on('request', (req) => started(req.socket));
  server.on('upgrade', (req) => started(req.socket as Socket));
  return { open: () => open };
}
