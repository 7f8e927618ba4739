import { SecretCipher } from '../common/crypto/secret-cipher';
import type { AppConfig } from '../config/app-config';
import { FlashCodec } from './flash';

describe('FlashCodec', () => {
  const codec = new FlashCodec(new SecretCipher({ secretsKey: Buffer.alloc(32, 7) } as AppConfig));

  it('carries a flash to the same session only, encrypted', () => {
    const flash = { revealed: { label: 'API key', value: 'sk_secret_value' } };
    const cookie = codec.encode(flash, 'csrf-of-session-a');
    expect(cookie).not.toContain('sk_secret_value');
    expect(codec.decode(cookie, 'csrf-of-session-a')).toEqual(flash);
    expect(codec.decode(cookie, 'csrf-of-session-b')).toBeNull();
  });

  it('ignores a missing, forged or tampered cookie', () => {
    const cookie = codec.encode({ notice: 'Done' }, 'csrf');
    expect(codec.decode(undefined, 'csrf')).toBeNull();
    expect(codec.decode('v1.forged', 'csrf')).toBeNull();
    expect(codec.decode(cookie.slice(0, -2) + (cookie.endsWith('A') ? 'BB' : 'AA'), 'csrf')).toBeNull();
  });
});
