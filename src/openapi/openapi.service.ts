import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DocsAsset, docsAsset } from './docs-page';
import { buildOpenApiDocument } from './openapi-document';
import { OpenApiErrorCode, OpenApiException } from './openapi.exception';
import { ServedDocument, serveDocument } from './served-document';
import { templateJsonSchema } from '../design/template-json-schema';

/**
 * Builds each published document once, when it is first asked for (the OpenAPI document takes ~90 ms of CPU, which
 * start-up need not wait for); later requests only read it.
 */
@Injectable()
export class OpenApiService {
  private templateSchemaDocument?: ServedDocument;
  private openApiDocument?: ServedDocument;

  constructor(private readonly config: AppConfig) {}

  templateSchema(): ServedDocument {
    return (this.templateSchemaDocument ??= serveDocument(templateJsonSchema()));
  }

  openApi(): ServedDocument {
    return (this.openApiDocument ??= serveDocument(buildOpenApiDocument({ serverUrl: this.config.publicBaseUrl })));
  }

  docsAsset(name: string): DocsAsset {
    const asset = docsAsset(name);
    if (!asset) throw new OpenApiException(OpenApiErrorCode.DOCS_ASSET_NOT_FOUND, `No such asset: ${name}`);
    return asset;
  }
}
