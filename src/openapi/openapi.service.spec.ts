import type { AppConfig } from '../config/app-config';
import * as templateJsonSchemaFile from '../design/template-json-schema';
import * as openApiDocumentFile from './openapi-document';
import { OpenApiService } from './openapi.service';

describe('OpenApiService', () => {
  afterEach(() => jest.restoreAllMocks());

  it('builds no document when it is made (start-up), and each one once, when first asked for', () => {
    const buildOpenApi = jest.spyOn(openApiDocumentFile, 'buildOpenApiDocument');
    const templateSchema = jest.spyOn(templateJsonSchemaFile, 'templateJsonSchema');
    const service = new OpenApiService({ publicBaseUrl: 'https://images.example.com' } as AppConfig);
    expect(buildOpenApi).not.toHaveBeenCalled();
    expect(templateSchema).not.toHaveBeenCalled();

    const openApi = service.openApi();
    expect(service.openApi()).toBe(openApi);
    expect(buildOpenApi).toHaveBeenCalledTimes(1);
    expect((JSON.parse(openApi.body.toString()) as { servers: Array<{ url: string }> }).servers).toEqual([{ url: 'https://images.example.com' }]);

    const schema = service.templateSchema();
    expect(service.templateSchema()).toBe(schema);
    expect(templateSchema).toHaveBeenCalledTimes(1);
    expect(JSON.parse(schema.body.toString())).toEqual(templateJsonSchemaFile.buildTemplateJsonSchema());
  });

  it('shares one template schema between its readers', () => {
    expect(templateJsonSchemaFile.templateJsonSchema()).toBe(templateJsonSchemaFile.templateJsonSchema());
  });
});
