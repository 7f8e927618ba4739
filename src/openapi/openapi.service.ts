import { Injectable } from '@nestjs/common';
import { ServedDocument, serveDocument } from './served-document';
import { buildTemplateJsonSchema } from './template-json-schema';

/** Builds the published documents once, at start-up; requests only read them. */
@Injectable()
export class OpenApiService {
  private readonly templateSchemaDocument: ServedDocument = serveDocument(buildTemplateJsonSchema());

  templateSchema(): ServedDocument {
    return this.templateSchemaDocument;
  }
}
