import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FontFace } from './entities/font-face.entity';
import { FontFacesRepository } from './font-faces.repository';

/** The account fonts' table, for modules that only read it (templates). */
@Module({
  imports: [TypeOrmModule.forFeature([FontFace])],
  providers: [FontFacesRepository],
  exports: [FontFacesRepository],
})
export class FontFacesModule {}
