import { constantTimeEqual, sha256Hex } from './hashing';

describe('hashing helpers', () => {
  it('hashes to lowercase hex SHA-256', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compares strings and buffers, refusing different lengths and non-strings', () => {
    expect(constantTimeEqual('secret', 'secret')).toBe(true);
    expect(constantTimeEqual(Buffer.from('secret'), Buffer.from('secret'))).toBe(true);
    expect(constantTimeEqual('secret', 'secreT')).toBe(false);
    expect(constantTimeEqual('secre', 'secret')).toBe(false);
    expect(constantTimeEqual(undefined, 'secret')).toBe(false);
    expect(constantTimeEqual(42, '42')).toBe(false);
  });
});
