import type { EditorSessionGrant } from '../accounts/auth/editor-session-authority';
import { designRefusal, DesignUnderReview, overridesRefusal } from './editor-session-policy';

const grant = (overrides: Partial<EditorSessionGrant> = {}, permissions: Partial<EditorSessionGrant['permissions']> = {}): EditorSessionGrant => ({
  id: 'eds_x',
  mode: 'design',
  templateId: 'tpl_x',
  allowedOrigins: ['https://app.example.com'],
  ...overrides,
  permissions: { save: true, addLayers: true, uploadFonts: false, uploadAssets: false, layers: null, ...permissions },
});

const stored: DesignUnderReview = {
  width: 600,
  height: 300,
  background: '#ffffff',
  publicRender: true,
  layers: [{ name: 'title', type: 'text', text: 'Hi', x: 0 } as { name: string }, { name: 'logo', type: 'image', imageUrl: null } as { name: string }],
};
const withLayer = (name: string, change: Record<string, unknown>) => ({
  ...stored,
  layers: stored.layers.map((layer) => (layer.name === name ? { ...layer, ...change } : layer)),
});

describe('editor session policy', () => {
  it('lets a design session with every permission change anything but publicRender', () => {
    expect(designRefusal(grant(), stored, { ...withLayer('logo', { x: 5 }), width: 800, layers: [...stored.layers, { name: 'new' }] })).toBeNull();
    expect(designRefusal(grant(), stored, { ...stored, publicRender: false })).toMatch(/publicRender/);
  });

  it('keeps the layers outside permissions.layers, and the canvas, as they are', () => {
    const limited = grant({}, { layers: ['title'] });
    expect(designRefusal(limited, stored, withLayer('title', { text: 'New' }))).toBeNull();
    // Key order and undefined fields do not count as changes.
    expect(
      designRefusal(limited, stored, { ...stored, layers: [{ x: 0, text: 'Hi', type: 'text', name: 'title', extra: undefined } as never, stored.layers[1]] }),
    ).toBeNull();
    expect(designRefusal(limited, stored, withLayer('logo', { imageUrl: 'https://x.test/a.png' }))).toMatch(/layer "logo"/);
    expect(designRefusal(limited, stored, { ...stored, layers: [stored.layers[0]] })).toMatch(/layer "logo"/);
    expect(designRefusal(limited, stored, { ...stored, background: '#000000' })).toMatch(/background/);
  });

  it('refuses new layer names without addLayers, also for a template not created yet', () => {
    const noAdd = grant({}, { addLayers: false });
    expect(designRefusal(noAdd, stored, { ...stored, layers: [...stored.layers, { name: 'extra' }] })).toMatch(/add layer "extra"/);
    expect(designRefusal(noAdd, stored, withLayer('title', { text: 'x' }))).toBeNull();
    expect(designRefusal(grant({ templateId: null }, { addLayers: false }), null, { ...stored })).toMatch(/add layer/);
    expect(designRefusal(grant({ templateId: null }), null, { ...stored })).toBeNull();
  });

  it('lets a form session change no design at all', () => {
    const form = grant({ mode: 'form' });
    expect(designRefusal(form, stored, { ...stored })).toBeNull();
    // What a stored row carries besides the design (id, version, name) is not the design.
    expect(designRefusal(form, { ...stored, id: 'tpl_x', version: 3 } as DesignUnderReview, { ...stored, name: 'Renamed' } as DesignUnderReview)).toBeNull();
    expect(designRefusal(form, stored, withLayer('title', { text: 'x' }))).toMatch(/form-mode/);
  });

  it('allows overrides of permitted layers only', () => {
    expect(overridesRefusal(grant(), { anything: {} })).toBeNull();
    expect(overridesRefusal(grant({}, { layers: ['title'] }), { title: { text: 'x' } })).toBeNull();
    expect(overridesRefusal(grant({}, { layers: ['title'] }), { title: {}, logo: { imageUrl: null } })).toMatch(/layer "logo"/);
  });
});
