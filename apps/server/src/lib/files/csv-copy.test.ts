import { describe, expect, it } from 'vitest';
import { CsvPieceCutter, type CsvPiece } from './csv-copy.js';
import type { CsvDialect } from './csv-read.js';

const COMMA_LF: CsvDialect = { delimiter: ',', newline: '\n' };

/** Feeds `text` in chunks of `size` bytes; answers the pieces and whether it was found irregular. */
function cut(text: string | Buffer, dialect: CsvDialect = COMMA_LF, perPiece = 2, size = 1 << 20) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const cutter = new CsvPieceCutter(dialect, perPiece);
  const pieces: CsvPiece[] = [];
  for (let i = 0; i < bytes.length; i += size) {
    const result = cutter.push(bytes.subarray(i, i + size));
    pieces.push(...result.pieces);
    if (result.irregular) return { pieces, irregular: true, width: cutter.width };
  }
  const last = cutter.end();
  if (last === 'irregular') return { pieces, irregular: true, width: cutter.width };
  return { pieces: [...pieces, ...last], irregular: false, width: cutter.width };
}

describe('CsvPieceCutter', () => {
  it('cuts a regular file into pieces of whole records, without the header, however it is read', () => {
    const file = 'Name,Note\nAnn,"one, ""two""\nthree"\nBo,x\nCy,\n"Di",y';
    for (const size of [1, 2, 3, 5, 1 << 20]) {
      const { pieces, irregular, width } = cut(file, COMMA_LF, 2, size);
      expect(irregular).toBe(false);
      expect(width).toBe(2);
      expect(pieces.map((p) => [p.firstRecord, p.records, p.bytes.toString()])).toEqual([
        [1, 2, 'Ann,"one, ""two""\nthree"\nBo,x\n'],
        [3, 2, 'Cy,\n"Di",y'],
      ]);
    }
  });

  it('takes the line ending the dialect names, and only that one', () => {
    expect(cut('a,b\r\n1,2\r\n3,4\r\n', { delimiter: ',', newline: '\r\n' }).irregular).toBe(false);
    expect(cut('a;b\r1;2\r', { delimiter: ';', newline: '\r' }).irregular).toBe(false);
    expect(cut('a\tb\n1\t2\n', { delimiter: '\t', newline: '\n' }).irregular).toBe(false);
    expect(cut('a,b\r\n1,2\n3,4\r\n', { delimiter: ',', newline: '\r\n' }).irregular).toBe(true);
    expect(cut('a,b\n1,x\ry\n', COMMA_LF).irregular).toBe(true);
    expect(cut('a,b\r1,2\n', { delimiter: ',', newline: '\r' }).irregular).toBe(true);
  });

  it('finds what PapaParse and COPY would read differently, keeping the whole pieces before it', () => {
    const irregular = {
      'a quote inside an unquoted field': 'a,b\n1,2\n3,4\n5,x"y\n',
      'text after a closing quote': 'a,b\n1,2\n3,4\n5,"x"y\n',
      'a space before an opening quote': 'a,b\n1,2\n3,4\n5, "x"\n',
      'a short row': 'a,b\n1,2\n3,4\n5\n',
      'a long row': 'a,b\n1,2\n3,4\n5,6,7\n',
      'a blank line': 'a,b\n1,2\n3,4\n\n5,6\n',
      'a line of blanks': 'a,b\n1,2\n3,4\n , \n',
      'a NUL byte': 'a,b\n1,2\n3,4\n5,\u0000\n',
      'an unterminated quote': 'a,b\n1,2\n3,4\n5,"open\n',
    };
    for (const [name, file] of Object.entries(irregular)) {
      const { pieces, irregular: found } = cut(file);
      expect(found, name).toBe(true);
      expect(pieces.map((p) => p.bytes.toString()), name).toEqual(['1,2\n3,4\n']);
    }
  });

  it('marks the pieces none of whose cells can need trimming or a formula escape undone', () => {
    const tidy = (file: string, size = 1 << 20) => cut(file, COMMA_LF, 1, size).pieces.map((p) => p.tidy);
    const cases: Array<[string, boolean]> = [
      ['Ann,Lee', true],
      ['x,', true],
      [',x', true],
      ['"",x', true],
      ['A\u00a0B,x\u3000y\tz', true],
      ['A日本B,"a, ""b"""', true],
      ['"a\nb",x', true],
      ['=1+2,@x', true],
      [' Ann,x', false],
      ['Ann ,x', false],
      ['Ann,x\t', false],
      ['" Ann",x', false],
      ['"Ann\n",x', false],
      ["'=1,x", false],
      ["x,'", false],
      ['Zoë,x', false],
      ['\u00a0Ann,x', false],
      ['日本,x', false],
    ];
    for (const [record, expected] of cases) {
      for (const size of [1, 3, 1 << 20]) expect(tidy(`a,b\n${record}\n`, size), record).toEqual([expected]);
      // At the end of a file without a last line end as well.
      expect(tidy(`a,b\n${record}`), record).toEqual([expected]);
    }
    // The header does not count, and one untidy piece leaves the next one tidy.
    expect(tidy(' a , b \nAnn,x\n Bo,y\nCy,z\n')).toEqual([true, false, true]);
    expect(cut('a,b\r\nAnn,x \r\nBo,y\r\n', { delimiter: ',', newline: '\r\n' }, 1).pieces.map((p) => p.tidy)).toEqual([false, true]);
  });

  it('leaves a record longer than it waits for to PapaParse, keeping the pieces before it', () => {
    const cutter = new CsvPieceCutter(COMMA_LF, 1, 32);
    expect(cutter.push(Buffer.from('a,b\n1,2\n3,"')).pieces.map((p) => p.bytes.toString())).toEqual(['1,2\n']);
    expect(cutter.push(Buffer.from('x'.repeat(20))).irregular).toBe(false);
    expect(cutter.push(Buffer.from('x'.repeat(20)))).toEqual({ pieces: [], irregular: true });
    expect(cutter.end()).toBe('irregular');
  });

  it('leaves one-column files and invalid UTF-8 to PapaParse', () => {
    expect(cut('Name\nAnn\n').irregular).toBe(true);
    expect(cut(Buffer.concat([Buffer.from('a,b\n1,'), Buffer.from([0xc3, 0x28]), Buffer.from('\n')])).irregular).toBe(true);
    expect(cut('a,b\n1,Zoë 日本 😀\n').irregular).toBe(false);
  });
});
