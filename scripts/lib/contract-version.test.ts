import { contractMismatch } from './contract-version';

describe('contract versions (deploy-time check)', () => {
  test.each([
    ['0.2.0', '0.2.0', null],
    ['0.2.3', '0.2.1', null],
    ['1.4.0', '1.2.9', null],
    ['0.2.0', '0.3.0', 'the remote was built against contract 0.3.0, the host supports 0.2.x (0.2.0)'],
    ['0.2.0', '0.1.5', 'the remote was built against contract 0.1.5, the host supports 0.2.x (0.2.0)'],
    ['1.2.0', '2.0.0', 'the remote was built against contract 2.0.0, the host supports 1.x (1.2.0)'],
    ['1.2.0', '1.3.0', "the remote was built against contract 1.3.0, newer than the host's 1.2.0: deploy the host first"],
    ['0.2.0', '0.2.1', "the remote was built against contract 0.2.1, newer than the host's 0.2.0: deploy the host first"],
    ['0.2.0', '', 'contract versions must be x.y.z (host 0.2.0, remote )'],
  ])('host %s, remote %s → %p', (host, remote, expected) => {
    expect(contractMismatch(host, remote)).toBe(expected);
  });
});
