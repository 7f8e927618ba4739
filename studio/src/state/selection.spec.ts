import { NO_SELECTION, renameSelected, selectedNames, selectLayer, selectMany, toggleSelected } from './selection';

describe('layer selection', () => {
  it('is a new selection for another layer, and the same one for the same layer or a rename', () => {
    const badge = selectLayer(NO_SELECTION, 'badge');
    expect(badge).toEqual({ name: 'badge', serial: 1, others: [] });
    expect(selectLayer(badge, 'badge')).toBe(badge);
    const renamed = renameSelected(badge, 'chip');
    expect(renamed).toEqual({ name: 'chip', serial: 1, others: [] });
    expect(selectLayer(renamed, 'title')).toEqual({ name: 'title', serial: 2, others: [] });
    expect(selectLayer(renamed, null)).toEqual({ name: null, serial: 2, others: [] });
  });

  it('adds with Shift+click and takes out a layer already selected', () => {
    const two = toggleSelected(selectLayer(NO_SELECTION, 'a'), 'b');
    expect(selectedNames(two)).toEqual(['b', 'a']);
    expect(selectedNames(toggleSelected(two, 'c'))).toEqual(['c', 'b', 'a']);
    expect(selectedNames(toggleSelected(two, 'b'))).toEqual(['a']);
    expect(selectedNames(toggleSelected(toggleSelected(two, 'b'), 'a'))).toEqual([]);
    // A plain click selects that one layer alone.
    expect(selectedNames(selectLayer(two, 'b'))).toEqual(['b']);
    expect(selectedNames(selectMany(two, ['x', 'y']))).toEqual(['x', 'y']);
  });
});
