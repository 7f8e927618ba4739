import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsRepository } from './assets.repository';
import { Asset } from './entities/asset.entity';

/** The assets' table and its repository: the assets module writes it, template saves only read it. */
@Module({
  imports: [TypeOrmModule.forFeature([Asset])],
  providers: [AssetsRepository],
  exports: [AssetsRepository],
})
export class AssetRecordsModule {}
