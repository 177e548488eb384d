import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODAL_KEYS, modalAddress } from './modals';

const ROOT = join(__dirname, '../../..');

describe('the modal registry (contract/modals.ts)', () => {
  test.each([
    ['tour/variants', 'mfe-tour', './modal/variants'],
    ['booking/private-tour', 'mfe-booking', './modal/private-tour'],
    ['account/login', 'mfe-account', './modal/login'],
    ['comms/call', 'mfe-comms', './modal/call'],
  ] as const)('%s lives in %s as %s', (key, remote, module) => {
    expect(modalAddress(key)).toEqual({ remote, module });
  });

  test.each(MODAL_KEYS.map((key) => [key]))('%s is exposed by its owner, by a parcel that declares the same key', (key) => {
    const { remote, module } = modalAddress(key);
    const config = readFileSync(join(ROOT, remote, 'webpack.config.js'), 'utf8');
    const exposed = new RegExp(`'${module.replace(/[./]/g, (c) => `\\${c}`)}':\\s*'([^']+)'`).exec(config);
    expect(exposed).not.toBeNull();
    const parcel = readFileSync(join(ROOT, remote, exposed![1]!), 'utf8');
    expect(parcel).toContain(`createMfeParcel('${key}'`);
  });
});
