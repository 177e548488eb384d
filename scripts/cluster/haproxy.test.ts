/** The balancer's run configuration from infra/haproxy/haproxy.cfg.template (issue 31; scripts/cluster/haproxy.mjs). */
import { haproxyConfig } from './haproxy.mjs';
import { clusterLayout } from './layout.mjs';

const layout = clusterLayout({ API_PROCESSES: '2', HOST_PROCESSES: '3', CLUSTER_PORT_BASE: '9100' });

test('every process is a checked server; /socket.io follows the api backend\'s checks; no slot is left', () => {
  const cfg = haproxyConfig({ sitePort: 8080, apiPort: 3001, apis: layout.apis, hosts: layout.hosts });
  expect(cfg).not.toMatch(/\{\{[A-Z_]+\}\}/);
  expect(cfg).toContain('bind *:8080');
  expect(cfg).toContain('bind 127.0.0.1:3001');
  for (const line of [
    'server host-1 127.0.0.1:9150 check', 'server host-3 127.0.0.1:9152 check',
    'server api-1 127.0.0.1:9100 check', 'server api-2 127.0.0.1:9101 check',
    'server api-1 127.0.0.1:9100 track api/api-1', 'server api-2 127.0.0.1:9101 track api/api-2',
  ]) expect(cfg).toContain(line);
  expect(cfg).toContain('option httpchk GET /readyz');
  expect(cfg).toContain('balance hdr(x-forwarded-for)');
});

test('a slot the script does not know is refused', () => {
  expect(() => haproxyConfig({ sitePort: 1, apiPort: 2, apis: [], hosts: [], template: 'bind {{NOPE}}' })).toThrow('unknown slot {{NOPE}}');
});

test.each([
  [{}, 2, 2],
  [{ API_PROCESSES: '1', HOST_PROCESSES: '4' }, 1, 4],
])('API_PROCESSES / HOST_PROCESSES %p → %p API and %p host processes', (env, apis, hosts) => {
  const l = clusterLayout(env);
  expect([l.apis.length, l.hosts.length]).toEqual([apis, hosts]);
});

test.each(['0', '17', 'two'])('API_PROCESSES=%p is refused', (value) => {
  expect(() => clusterLayout({ API_PROCESSES: value })).toThrow('API_PROCESSES: a whole number from 1 to 16');
});
