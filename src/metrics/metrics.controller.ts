import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../accounts/auth/public.decorator';
import { METRICS_CONTENT_TYPE, MetricsService } from './metrics.service';

@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Header('Content-Type', METRICS_CONTENT_TYPE)
  exposition(): Promise<string> {
    return this.metrics.exposition();
  }
}
