// Which processes the cluster runs on which ports (issue 31): apart from cluster.mjs so tests import it alone.

/** API_PROCESSES / HOST_PROCESSES (1–16; defaults 2 and 2) and the internal ports (CLUSTER_PORT_BASE, default 9100). */
export function clusterLayout(env = process.env) {
  const count = (name) => {
    const n = Number(env[name] ?? 2);
    if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`${name}: a whole number from 1 to 16, not '${env[name]}'`);
    return n;
  };
  const base = Number(env.CLUSTER_PORT_BASE ?? 9100);
  const apis = Array.from({ length: count('API_PROCESSES') }, (_, i) => ({ name: `api-${i + 1}`, port: base + i }));
  const hosts = Array.from({ length: count('HOST_PROCESSES') }, (_, i) => ({ name: `host-${i + 1}`, port: base + 50 + i }));
  return { apis, hosts, pgPort: Number(env.CLUSTER_PG_PORT ?? base + 99) };
}
