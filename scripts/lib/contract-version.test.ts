import { contractMismatch, satisfiesRange } from './contract-version';

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

describe("a singleton's required version (publish compares every shared singleton)", () => {
  test.each([
    ['19.3.1', '^19.0.0', true],
    ['18.3.1', '^19.0.0', false],
    ['2.20.3', '^2.0.0', true],
    ['0.3.0', '^0.3.0', true],
    ['0.3.5', '^0.3.0', true],
    ['0.2.0', '^0.3.0', false],
    ['0.4.0', '^0.3.0', false],
    ['12.1.5', '~12.1.0', true],
    ['12.2.0', '~12.1.0', false],
    ['2.0.2', '2.0.2', true],
    ['2.0.3', '2.0.2', false],
    ['3.0.0', '>=2.0.0', true],
    ['1.0.0', '*', true],
    ['1.0.0', 'latest', false],
  ])('%s satisfies %s → %p', (version, range, expected) => {
    expect(satisfiesRange(version, range)).toBe(expected);
  });
});
