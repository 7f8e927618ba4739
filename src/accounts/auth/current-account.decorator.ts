import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Account } from '../entities/account.entity';
import type { AuthenticatedRequest } from './authenticated-request';

/** The account the bearer guard resolved for this request. */
export const CurrentAccount = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Account => context.switchToHttp().getRequest<AuthenticatedRequest>().principal!.account,
);
