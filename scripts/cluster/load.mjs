/* global AbortSignal */
// Requests to the cluster's site as visitors make them (issue 31): one call, and a steady load of such calls while
// something happens to the cluster. The cluster suite (its checks, its rolling restart under load) and the cluster
// bench (the 60 s rolling restart) use these.

/**
 * One request to the site as the visitor `ip` (X-Forwarded-For: HAProxy appends the real peer, which the hosts trust
 * through TRUST_PROXY, so this is the address the hosts forward to the APIs). Answers the status, the API process that
 * answered (HAProxy's X-Api-Process) and the body.
 */
export async function siteCall(site, url, { ip, method = 'GET', headers = {}, body } = {}) {
  const res = await fetch(`${site}${url}`, {
    method, headers: { 'x-forwarded-for': ip, ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(15000),
  });
  const text = await res.text();
  return { status: res.status, process: res.headers.get('x-api-process'), text };
}

/**
 * Requests from `loops` clients, one after another each, a new visitor (`visitor()`) every request, over an API call,
 * a page and the runtime manifest (API processes, host processes and the balancer all in the path), until `until`
 * settles. Every failure (status ≥ 500 or no answer) is counted: { ok, failed: [reason…] }.
 */
export async function loadUntil(site, until, { loops = 6, visitor }) {
  let done = false;
  const stop = () => {
    done = true;
  };
  until.then(stop, stop);
  const stats = { ok: 0, failed: [] };
  const urls = ['/spa/info', '/en/tours', '/mfe-manifest.json'];
  await Promise.all(Array.from({ length: loops }, async (_, i) => {
    for (let n = 0; !done; n++) {
      const url = urls[(n + i) % urls.length];
      try {
        const res = await siteCall(site, url, { ip: visitor() });
        if (res.status >= 500) stats.failed.push(`${res.status} ${url}`);
        else stats.ok++;
      } catch (error) {
        stats.failed.push(error.message);
      }
    }
  }));
  await until;
  return stats;
}
