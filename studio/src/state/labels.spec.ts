import { layerFieldLabel } from './labels';
import { fieldFor } from './schema-form';

const field = (key: string) => fieldFor(key, { type: 'string' }, [key], false);

describe('field labels', () => {
  it("labels a layer field named like a template setting as the layer's own, and leaves the rest", () => {
    expect(layerFieldLabel(field('background')).label).toBe('Layer background');
    expect(layerFieldLabel({ ...field('mode'), label: 'Public render' }).label).toBe('Layer public render');
    expect(layerFieldLabel(field('fill')).label).toBe('Fill');
  });
});
