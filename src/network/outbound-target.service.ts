import { Injectable } from '@nestjs/common';
import { isIP, LookupFunction } from 'node:net';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { AppConfig } from '../config/app-config';
import { forbiddenAddressReason, forbiddenHostNameReason, unbracket } from './address-classifier';
import { HostResolver, ResolvedAddress } from './host-resolver';
import { TargetRejectedError } from './target-rejected.error';

/** A URL that passed every rule, with the addresses that were checked (null: allow-listed host). */
export interface CheckedTarget {
  url: URL;
  addresses: ResolvedAddress[] | null;
}

/**
 * The one policy for every outbound request Pictor makes on a client's behalf (webhooks and image
 * layers): http(s) only, no credentials, no private/loopback/link-local/metadata targets by name,
 * literal or DNS answer. Connections are pinned to the checked addresses, so a DNS answer that
 * changes between check and connect (rebinding) cannot redirect them.
 */
@Injectable()
export class OutboundTargetService {
  constructor(
    private readonly config: AppConfig,
    private readonly resolver: HostResolver,
  ) {}

  /** Syntax and literal-address rules only: no DNS. */
  parse(raw: string): { url: URL; allowListed: boolean } {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new TargetRejectedError('invalid', 'must be an absolute http or https URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TargetRejectedError('invalid', 'must use the http or https scheme');
    }
    if (!url.hostname) throw new TargetRejectedError('invalid', 'must name a host');
    if (url.username || url.password) throw new TargetRejectedError('forbidden', 'must not contain credentials');
    if (this.isAllowListed(url)) return { url, allowListed: true };
    const nameReason = forbiddenHostNameReason(url.hostname);
    if (nameReason) throw new TargetRejectedError('forbidden', `host is not allowed (${nameReason})`);
    const literal = unbracket(url.hostname);
    if (isIP(literal)) {
      const reason = forbiddenAddressReason(literal);
      if (reason) throw new TargetRejectedError('forbidden', `host is not allowed (${reason})`);
    }
    return { url, allowListed: false };
  }

  /** Full check: syntax, names, literals and every A/AAAA answer. */
  async check(raw: string): Promise<CheckedTarget> {
    const { url, allowListed } = this.parse(raw);
    if (allowListed) return { url, addresses: null };
    const literal = unbracket(url.hostname);
    if (isIP(literal)) return { url, addresses: [{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }] };
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.resolver.resolve(url.hostname);
    } catch {
      throw new TargetRejectedError('invalid', `host ${url.hostname} does not resolve`);
    }
    if (addresses.length === 0) throw new TargetRejectedError('invalid', `host ${url.hostname} does not resolve`);
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) throw new TargetRejectedError('forbidden', `host resolves to a forbidden address (${reason})`);
    }
    return { url, addresses };
  }

  /** An agent whose connections go only to the addresses that were checked. */
  agentFor(target: CheckedTarget): HttpAgent | HttpsAgent {
    const options = target.addresses ? { lookup: pinnedLookup(target.addresses), keepAlive: false } : { keepAlive: false };
    return target.url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
  }

  private isAllowListed(url: URL): boolean {
    const allowed = this.config.allowedPrivateHosts;
    if (allowed.length === 0) return false;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const host = url.hostname.toLowerCase();
    return allowed.includes(host) || allowed.includes(`${host}:${port}`);
  }
}

function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  }) as LookupFunction;
}
