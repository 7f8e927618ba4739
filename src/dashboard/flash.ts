import { Injectable } from '@nestjs/common';
import { SecretCipher } from '../common/crypto/secret-cipher';

export interface RevealedSecret {
  label: string;
  value: string;
  warning?: string;
}

/** What a form's redirect carries to the next page, once: a notice, or a secret shown one time. */
export interface Flash {
  notice?: string;
  revealed?: RevealedSecret;
}

/**
 * Post/Redirect/Get: a form's answer is a redirect, and what the next page must show once travels in a
 * short-lived cookie, encrypted (it may hold a new secret) and bound to the session (its CSRF token).
 * The page that shows it clears the cookie, so a reload shows nothing and repeats nothing.
 */
@Injectable()
export class FlashCodec {
  constructor(private readonly cipher: SecretCipher) {}

  encode(flash: Flash, sessionCsrfToken: string): string {
    return this.cipher.encrypt(JSON.stringify({ session: sessionCsrfToken, flash }));
  }

  decode(cookie: string | undefined, sessionCsrfToken: string): Flash | null {
    if (!cookie) return null;
    try {
      const parsed = JSON.parse(this.cipher.decrypt(cookie)) as { session: string; flash: Flash };
      return parsed.session === sessionCsrfToken ? parsed.flash : null;
    } catch {
      return null;
    }
  }
}
