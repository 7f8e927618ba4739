import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { ApiKeyGuard } from './auth/api-key.guard';
import { Account } from './entities/account.entity';
import { ApiKey } from './entities/api-key.entity';
import { PasswordHasher } from './password-hasher';

@Module({
  imports: [TypeOrmModule.forFeature([Account, ApiKey])],
  providers: [AccountsRepository, ApiKeysRepository, AccountsService, ApiKeysService, PasswordHasher],
  exports: [AccountsRepository, AccountsService, ApiKeysService, PasswordHasher],
})
export class AccountsModule {}

/** Installs the bearer guard for the whole HTTP app (not for the CLI context). */
@Module({
  imports: [AccountsModule],
  providers: [{ provide: APP_GUARD, useClass: ApiKeyGuard }],
})
export class AuthModule {}
