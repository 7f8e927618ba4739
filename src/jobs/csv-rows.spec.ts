import { AppException } from '../common/errors/app-exception';
import { csvRows } from './csv-rows';

const failure = (run: () => unknown): { code: string; message: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppException) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('csvRows', () => {
  it('turns a header of <layer>.<field> and its rows into overrides, skipping empty cells', () => {
    const { rows, columns } = csvRows(Buffer.from('\ufefftitle.text,title.fontSize,my.layer.hidden\r\n"a, ""b""\nc",40,true\r\n,,\r\n'));
    expect(columns).toEqual([
      { layer: 'title', field: 'text' },
      { layer: 'title', field: 'fontSize' },
      { layer: 'my.layer', field: 'hidden' },
    ]);
    expect(rows.map((row) => JSON.parse(JSON.stringify(row)))).toEqual([{ title: { text: 'a, "b"\nc', fontSize: 40 }, 'my.layer': { hidden: true } }, {}]);
  });

  it('keeps a layer named __proto__ as a name', () => {
    const [row] = csvRows(Buffer.from('__proto__.text\nhi\n')).rows;
    expect(Object.keys(row)).toEqual(['__proto__']);
    expect(JSON.stringify(row)).toBe('{"__proto__":{"text":"hi"}}');
  });

  it('keeps text that only looks like a number as text', () => {
    expect(JSON.parse(JSON.stringify(csvRows(Buffer.from('title.text\n0042\n')).rows[0]))).toEqual({ title: { text: '0042' } });
  });

  it('names the line of invalid UTF-8 and of a broken quote', () => {
    expect(failure(() => csvRows(Buffer.concat([Buffer.from('title.text\nok\nok\n'), Buffer.from([0xc3, 0x28])])))).toEqual({
      code: 'csv_invalid',
      message: 'file: line 4: is not valid UTF-8',
    });
    expect(failure(() => csvRows(Buffer.from('title.text\n"x"y\n')))).toMatchObject({ code: 'csv_invalid', message: expect.stringMatching(/^file: line 2: /) });
  });

  it('refuses a header that is not <layer>.<field>, or named twice', () => {
    expect(failure(() => csvRows(Buffer.from('title.\nx\n')))).toMatchObject({ code: 'validation_failed' });
    expect(failure(() => csvRows(Buffer.from('.text\nx\n')))).toMatchObject({ code: 'validation_failed' });
    expect(failure(() => csvRows(Buffer.from('title.text,title.text\nx,y\n')))).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('twice'),
    });
  });
});
