// Which contract versions a host can run (deploy-time check of scripts/lib/publish.mjs). CommonJS so both the
// publish script and its jest tests load it as it is.

function parseVersion(v) {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/**
 * Whether a host on contract `host` can run a remote built against contract `remote`: the same major (the same
 * minor while the major is 0, as semver's caret), and not newer than the host's (a newer one may use what the
 * host does not have yet). Null when it can; else why not, in words for the person deploying.
 */
function contractMismatch(host, remote) {
  const h = parseVersion(host);
  const r = parseVersion(remote);
  if (!h || !r) return `contract versions must be x.y.z (host ${host}, remote ${remote})`;
  const sameLine = h[0] === 0 ? r[0] === 0 && r[1] === h[1] : r[0] === h[0];
  if (!sameLine) return `the remote was built against contract ${remote}, the host supports ${h[0] === 0 ? `0.${h[1]}.x` : `${h[0]}.x`} (${host})`;
  const newer = r[1] > h[1] || (r[1] === h[1] && r[2] > h[2]);
  return newer ? `the remote was built against contract ${remote}, newer than the host's ${host}: deploy the host first` : null;
}

/**
 * Whether version `v` (x.y.z) satisfies `range` as Module Federation reads a shared module's requiredVersion: the
 * forms the builds write (^x.y.z, ~x.y.z, x.y.z, >=x.y.z, * or empty). An unknown form does not satisfy.
 */
function satisfiesRange(v, range) {
  const r = String(range ?? '').trim();
  if (r === '' || r === '*') return true;
  const have = parseVersion(v);
  const m = /^(\^|~|>=|=)?\s*(\d+\.\d+\.\d+)/.exec(r);
  if (!have || !m) return false;
  const want = parseVersion(m[2]);
  const cmp = have[0] - want[0] || have[1] - want[1] || have[2] - want[2];
  if (cmp < 0) return false;
  if (m[1] === '>=') return true;
  if (!m[1] || m[1] === '=') return cmp === 0;
  if (m[1] === '~') return have[0] === want[0] && have[1] === want[1];
  // Caret: the same leftmost non-zero part.
  if (want[0] !== 0) return have[0] === want[0];
  if (want[1] !== 0) return have[0] === 0 && have[1] === want[1];
  return have[0] === 0 && have[1] === 0 && have[2] === want[2];
}

module.exports = { contractMismatch, satisfiesRange };
