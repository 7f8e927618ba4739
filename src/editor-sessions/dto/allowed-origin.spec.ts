import { parseAllowedOrigin } from './allowed-origin';

describe('parseAllowedOrigin', () => {
  it.each([
    ['https://app.example.com', 'https://app.example.com'],
    ['https://App.Example.com:8443', 'https://app.example.com:8443'],
    ['https://example.com:443', 'https://example.com'],
    ['http://localhost', 'http://localhost'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('accepts %s as %s', (text, origin) => {
    expect(parseAllowedOrigin(text)).toEqual({ origin });
  });

  it.each([
    '*',
    'null',
    'NULL',
    'https://*.example.com',
    'https://example.com/',
    'https://example.com/app',
    'https://example.com?x=1',
    'https://example.com#top',
    'https://user:pass@example.com',
    'https://user@example.com',
    'https://example.com:0',
    'https://example.com:65536',
    'https://example.com:99999',
    'https://example.com:',
    'http://example.com',
    'http://127.0.0.1:3000',
    'http://localhost.evil.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'example.com',
    'https://exa mple.com',
    "https://a.com; script-src 'unsafe-inline'",
    'https://a.com,https://b.com',
  ])('refuses %s', (text) => {
    expect(parseAllowedOrigin(text)).toHaveProperty('reason');
  });
});
