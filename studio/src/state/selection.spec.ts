import { NO_SELECTION, renameSelected, selectLayer } from './selection';

describe('layer selection', () => {
  it('is a new selection for another layer, and the same one for the same layer or a rename', () => {
    const badge = selectLayer(NO_SELECTION, 'badge');
    expect(badge).toEqual({ name: 'badge', serial: 1 });
    expect(selectLayer(badge, 'badge')).toBe(badge);
    const renamed = renameSelected(badge, 'chip');
    expect(renamed).toEqual({ name: 'chip', serial: 1 });
    expect(selectLayer(renamed, 'title')).toEqual({ name: 'title', serial: 2 });
    expect(selectLayer(renamed, null)).toEqual({ name: null, serial: 2 });
  });
});
