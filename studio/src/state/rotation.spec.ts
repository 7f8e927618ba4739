import { rotationAt } from './rotation';

describe('rotation handle', () => {
  const center = { x: 100, y: 100 };
  it('reads the angle clockwise from straight up', () => {
    expect(rotationAt(center, { x: 100, y: 20 }, false)).toBe(0);
    expect(rotationAt(center, { x: 180, y: 100 }, false)).toBe(90);
    expect(rotationAt(center, { x: 20, y: 100 }, false)).toBe(-90);
    expect(rotationAt(center, { x: 100, y: 180 }, false)).toBe(180);
    expect(rotationAt(center, { x: 150, y: 50 }, false)).toBe(45);
  });

  it('snaps to 15° with Shift', () => {
    const pointer = { x: 100 + Math.sin((37 * Math.PI) / 180) * 80, y: 100 - Math.cos((37 * Math.PI) / 180) * 80 };
    expect(rotationAt(center, pointer, false)).toBe(37);
    expect(rotationAt(center, pointer, true)).toBe(30);
  });
});
