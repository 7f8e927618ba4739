import { resizeBox, snapMove } from './snapping';

const canvas = { width: 1200, height: 630 };

describe('snapping', () => {
  it('snaps a moved box to the canvas edges and centre lines within the threshold', () => {
    expect(snapMove({ x: 4, y: 3, width: 100, height: 50 }, canvas, 6).box).toMatchObject({ x: 0, y: 0 });
    // Centre of the box onto the canvas centre line (600): x + 50 = 603 → x = 550.
    const centred = snapMove({ x: 553, y: 200, width: 100, height: 50 }, canvas, 6);
    expect(centred.box.x).toBe(550);
    expect(centred.guides.vertical).toEqual([600]);
    // Right edge onto the right edge.
    expect(snapMove({ x: 1095, y: 200, width: 100, height: 50 }, canvas, 6).box.x).toBe(1100);
    // Bottom edge onto the bottom.
    expect(snapMove({ x: 200, y: 577, width: 100, height: 50 }, canvas, 6).box.y).toBe(580);
  });

  it('leaves a box alone outside the threshold', () => {
    const result = snapMove({ x: 200.4, y: 100, width: 100, height: 50 }, canvas, 6);
    expect(result.box).toMatchObject({ x: 200, y: 100 });
    expect(result.guides).toEqual({ vertical: [], horizontal: [] });
  });

  it('resizes from a handle, snapping the moving edge and never below 1 px', () => {
    const start = { x: 100, y: 100, width: 200, height: 100 };
    expect(resizeBox(start, 'se', 50, 20, canvas, 6).box).toEqual({ x: 100, y: 100, width: 250, height: 120 });
    expect(resizeBox(start, 'nw', -10, -10, canvas, 6).box).toEqual({ x: 90, y: 90, width: 210, height: 110 });
    // East edge at 300 + 297 = 597 → snaps to the centre line 600.
    const snapped = resizeBox(start, 'e', 297, 0, canvas, 6);
    expect(snapped.box.width).toBe(500);
    expect(snapped.guides.vertical).toEqual([600]);
    expect(resizeBox(start, 'w', 500, 0, canvas, 6).box.width).toBe(1);
  });
});
