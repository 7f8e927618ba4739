import { gestureBox, SNAP_PX, startGesture } from './gesture';

const layer = { name: 'badge', type: 'rect', x: 100, y: 50, width: 200, height: 40 };
const canvas = { width: 1200, height: 630 };

describe('canvas gestures', () => {
  it('starts from the layer box and keys one drag as one undo step', () => {
    const gesture = startGesture(layer, 3, 'move', { x: 10, y: 20 }, 42.5);
    expect(gesture).toEqual({
      kind: 'move',
      handle: undefined,
      index: 3,
      pointerX: 10,
      pointerY: 20,
      key: 'move:badge:42.5',
      start: { x: 100, y: 50, width: 200, height: 40 },
    });
    expect(startGesture({ name: 'n', type: 'text', width: 5, height: 6 }, 0, 'resize', { x: 0, y: 0 }, 1, 'se').start).toEqual({
      x: 0,
      y: 0,
      width: 5,
      height: 6,
    });
  });

  it('moves by the pointer distance in design pixels at the drawn scale', () => {
    const gesture = startGesture(layer, 0, 'move', { x: 10, y: 20 }, 0);
    expect(gestureBox(gesture, { x: 60, y: 45 }, 0.5, canvas).box).toEqual({ x: 200, y: 100, width: 200, height: 40 });
    expect(gestureBox(gesture, { x: 60, y: 45 }, 1, canvas).box).toEqual({ x: 150, y: 75, width: 200, height: 40 });
  });

  it('snaps within SNAP_PX screen pixels whatever the scale, with a guide', () => {
    const gesture = startGesture(layer, 0, 'move', { x: 0, y: 0 }, 0);
    // At half scale SNAP_PX (6) screen pixels are 12 design pixels: 10 from the edge snaps, 14 does not.
    expect(SNAP_PX).toBe(6);
    const near = gestureBox(gesture, { x: -45, y: 0 }, 0.5, canvas);
    expect(near.box.x).toBe(0);
    expect(near.guides.vertical).toEqual([0]);
    const far = gestureBox(gesture, { x: -43, y: 0 }, 0.5, canvas);
    expect(far.box.x).toBe(14);
    expect(far.guides.vertical).toEqual([]);
  });

  it('resizes from the handle it started on', () => {
    const gesture = startGesture(layer, 0, 'resize', { x: 0, y: 0 }, 0, 'se');
    expect(gestureBox(gesture, { x: 30, y: 20 }, 1, canvas).box).toEqual({ x: 100, y: 50, width: 230, height: 60 });
    const west = startGesture(layer, 0, 'resize', { x: 0, y: 0 }, 0, 'w');
    expect(gestureBox(west, { x: 30, y: 20 }, 1, canvas).box).toEqual({ x: 130, y: 50, width: 170, height: 40 });
  });
});
