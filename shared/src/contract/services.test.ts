import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_KEYS, serviceAddress } from './services';

const ROOT = join(__dirname, '../../..');

describe('the service registry (contract/services.ts)', () => {
  test('comms/unread lives in mfe-comms as ./service/unread', () => {
    expect(serviceAddress('comms/unread')).toEqual({ remote: 'mfe-comms', module: './service/unread' });
  });

  test.each(SERVICE_KEYS.map((key) => [key]))('%s is exposed by its owner, by a module that starts it', (key) => {
    const { remote, module } = serviceAddress(key);
    const config = readFileSync(join(ROOT, remote, 'webpack.config.js'), 'utf8');
    const exposed = new RegExp(`'${module.replace(/[./]/g, (c) => `\\${c}`)}':\\s*'([^']+)'`).exec(config);
    expect(exposed).not.toBeNull();
    const source = readFileSync(join(ROOT, remote, exposed![1]!), 'utf8');
    expect(source).toContain(`ServiceModule<'${key}'>`);
  });
});
