import { Controller, Get } from '@nestjs/common';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { BillingService } from './billing.service';

@Controller('api/usage')
export class UsageController {
  constructor(private readonly billing: BillingService) {}

  @Get()
  usage(@CurrentAccount() account: Account) {
    return this.billing.usage(account);
  }
}
