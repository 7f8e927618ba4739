import { Global, Module } from '@nestjs/common';
import { HostResolver } from './host-resolver';
import { OutboundTargetService } from './outbound-target.service';

@Global()
@Module({ providers: [HostResolver, OutboundTargetService], exports: [HostResolver, OutboundTargetService] })
export class NetworkModule {}
