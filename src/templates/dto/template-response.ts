import type { Template } from '../entities/template.entity';

export const toTemplateResponse = (template: Template) => ({
  id: template.id,
  name: template.name,
  width: template.width,
  height: template.height,
  background: template.background,
  publicRender: template.publicRender,
  layers: template.layers,
  version: template.version,
  createdAt: template.createdAt.toISOString(),
  updatedAt: template.updatedAt.toISOString(),
});
