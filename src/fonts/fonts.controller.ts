import { Controller, Get } from '@nestjs/common';
import { FONT_FAMILIES } from './font-catalog';

@Controller('api/fonts')
export class FontsController {
  @Get()
  list() {
    return {
      data: FONT_FAMILIES.filter((font) => font.selectable).map(({ family, weights, covers }) => ({ family, weights, covers })),
      fallbacks: FONT_FAMILIES.filter((font) => !font.selectable).map(({ family, covers }) => ({ family, covers })),
    };
  }
}
