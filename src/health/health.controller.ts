import { Controller, Get } from '@nestjs/common';
import { HealthCheck } from '@nestjs/terminus';
import { Public } from '../accounts/auth/public.decorator';
import { HealthService } from './health.service';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('live')
  @HealthCheck()
  live() {
    return this.health.live();
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.ready();
  }
}
