import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DocsAsset, docsAsset } from './docs-page';
import { buildOpenApiDocument } from './openapi-document';
import { OpenApiErrorCode, OpenApiException } from './openapi.exception';
import { ServedDocument, serveDocument } from './served-document';
import { buildTemplateJsonSchema } from '../design/template-json-schema';

/** Builds the published documents once, at start-up; requests only read them. */
@Injectable()
export class OpenApiService {
  private readonly templateSchemaDocument: ServedDocument;
  private readonly openApiDocument: ServedDocument;

  constructor(config: AppConfig) {
    this.templateSchemaDocument = serveDocument(buildTemplateJsonSchema());
    this.openApiDocument = serveDocument(buildOpenApiDocument({ serverUrl: config.publicBaseUrl }));
  }

  templateSchema(): ServedDocument {
    return this.templateSchemaDocument;
  }

  openApi(): ServedDocument {
    return this.openApiDocument;
  }

  docsAsset(name: string): DocsAsset {
    const asset = docsAsset(name);
    if (!asset) throw new OpenApiException(OpenApiErrorCode.DOCS_ASSET_NOT_FOUND, `No such asset: ${name}`);
    return asset;
  }
}
