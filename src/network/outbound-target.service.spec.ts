import { createServer, get, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../config/app-config';
import { HostResolver, ResolvedAddress } from './host-resolver';
import { OutboundTargetService } from './outbound-target.service';
import { TargetRejectedError } from './target-rejected.error';

class FakeResolver extends HostResolver {
  constructor(private readonly answers: Record<string, string[]>) {
    super();
  }

  override resolve(hostname: string): Promise<ResolvedAddress[]> {
    const answer = this.answers[hostname];
    if (!answer) return Promise.reject(new Error('ENOTFOUND'));
    return Promise.resolve(answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  }
}

const service = (allowed: string[] = [], answers: Record<string, string[]> = {}) =>
  new OutboundTargetService({ allowedPrivateHosts: allowed } as unknown as AppConfig, new FakeResolver({ 'example.com': ['93.184.215.14'], ...answers }));

async function verdict(url: string, target = service()): Promise<string> {
  try {
    await target.check(url);
    return 'allowed';
  } catch (error) {
    if (error instanceof TargetRejectedError) return error.kind;
    throw error;
  }
}

const FORBIDDEN = [
  // loopback, every spelling
  'http://127.0.0.1/',
  'http://127.1/',
  'http://127.0.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0x7f.0.0.1/',
  'http://0177.0.0.1/',
  'http://017700000001/',
  'http://127.255.255.254:8080/x',
  'http://0/',
  'http://0.0.0.0/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::127.0.0.1]/',
  'http://localhost/',
  'http://LOCALHOST:3000/',
  'http://localhost./',
  'http://sub.localhost/',
  'http://a.b.localhost/',
  // private, CGNAT, benchmarking, IETF protocol assignments
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://100.127.255.255/',
  'http://198.18.0.1/',
  'http://198.19.255.255/',
  'http://192.0.0.8/',
  // link-local and cloud metadata
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.0.1/',
  'http://[fe80::1]/',
  'http://[fd00:ec2::254]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://METADATA.GOOGLE.INTERNAL./',
  // unique local, multicast, broadcast, reserved
  'http://[fc00::1]/',
  'http://[fdff::1]/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://255.255.255.255/',
  'http://240.0.0.1/',
  // IPv4 hidden in IPv6: mapped, NAT64, 6to4
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:7f00:1::]/',
  'http://[2002:c0a8:101::1]/',
  // credentials
  'http://user:pass@example.com/',
  'https://user@example.com/',
  // names that resolve inside
  'http://rebind.example/',
  'http://mixed.example/',
];

const INVALID = [
  'ftp://example.com/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'gopher://example.com/',
  'not a url',
  '',
  'http://unresolvable.example/',
  '//example.com/x',
];

const PUBLIC = [
  'https://example.com/hook',
  'http://example.com:8080/path?q=1',
  'http://93.184.215.14/',
  'https://8.8.8.8/',
  'http://1.1.1.1/',
  'http://[2606:4700:4700::1111]/',
  'http://[64:ff9b::808:808]/',
  'http://172.32.0.1/',
  'http://100.128.0.1/',
  'http://192.169.0.1/',
  'http://public6.example/',
];

describe('OutboundTargetService address rules', () => {
  const resolving = service([], {
    'rebind.example': ['10.1.2.3'],
    'mixed.example': ['93.184.215.14', '127.0.0.1'],
    'public6.example': ['2606:4700:4700::1111'],
  });

  it(`has a corpus of at least 40 forbidden URLs (${FORBIDDEN.length})`, () => {
    expect(FORBIDDEN.length).toBeGreaterThanOrEqual(40);
  });

  it.each(FORBIDDEN)('refuses %s as forbidden', async (url) => {
    expect(await verdict(url, resolving)).toBe('forbidden');
  });

  it.each(INVALID)('refuses %j as invalid', async (url) => {
    expect(await verdict(url, resolving)).toBe('invalid');
  });

  it.each(PUBLIC)('allows %s', async (url) => {
    expect(await verdict(url, resolving)).toBe('allowed');
  });

  it('records the checked addresses for the connection', async () => {
    const target = await resolving.check('http://public6.example/');
    expect(target.addresses).toEqual([{ address: '2606:4700:4700::1111', family: 6 }]);
  });

  it('connects to the checked address, never to a fresh DNS answer', async () => {
    const server = createServer((_request, response) => response.end('pinned')).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // `.invalid` never resolves in DNS: the request can only arrive through the pinned lookup.
      const url = new URL(`http://pinned.invalid:${port}/`);
      const agent = service().agentFor({ url, addresses: [{ address: '127.0.0.1', family: 4 }] });
      const body = await new Promise<string>((resolve, reject) => {
        get(url, { agent }, (response: IncomingMessage) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(text));
        }).on('error', reject);
      });
      expect(body).toBe('pinned');
    } finally {
      server.close();
    }
  });

  it('lets allow-listed hosts through exactly as written, with or without a port', async () => {
    expect(await verdict('http://127.0.0.1:9000/', service(['127.0.0.1']))).toBe('allowed');
    expect(await verdict('http://localhost:9000/', service(['127.0.0.1']))).toBe('forbidden');
    expect(await verdict('http://127.0.0.1:9000/', service(['127.0.0.1:9000']))).toBe('allowed');
    expect(await verdict('http://127.0.0.1:9001/', service(['127.0.0.1:9000']))).toBe('forbidden');
    expect(await verdict('http://user:pw@127.0.0.1/', service(['127.0.0.1']))).toBe('forbidden');
  });
});
