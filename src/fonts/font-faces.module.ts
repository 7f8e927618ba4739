import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FontFace } from './entities/font-face.entity';
import { FontFacesRepository } from './font-faces.repository';

/** The account fonts' table and its repository: the fonts module writes it, templates only read it. */
@Module({
  imports: [TypeOrmModule.forFeature([FontFace])],
  providers: [FontFacesRepository],
  exports: [FontFacesRepository],
})
export class FontFacesModule {}
