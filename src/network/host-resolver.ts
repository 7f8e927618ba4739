import { Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS behind an injectable seam, so tests can make a name resolve to a private address. */
@Injectable()
export class HostResolver {
  async resolve(hostname: string): Promise<ResolvedAddress[]> {
    const results = await lookup(hostname, { all: true, verbatim: true });
    return results.map((result) => ({ address: result.address, family: result.family === 6 ? 6 : 4 }));
  }
}
