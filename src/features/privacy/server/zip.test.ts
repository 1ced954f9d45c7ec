import { describe, expect, it } from 'vitest';
import { unzipStored } from '#tests/unzip';
import { zip } from './zip';

describe('the copy’s zip', () => {
  it('holds each file as given, under its UTF-8 name, readable back with its CRC', () => {
    const cv = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    const archive = zip([
      { name: 'data.json', bytes: Buffer.from('{"email":"lucía@example.com"}') },
      { name: 'files/applications/Lucía Fernández CV.pdf', bytes: cv },
      { name: 'empty.txt', bytes: Buffer.alloc(0) },
    ]);
    const files = unzipStored(archive);
    expect([...files.keys()]).toEqual(['data.json', 'files/applications/Lucía Fernández CV.pdf', 'empty.txt']);
    expect(files.get('files/applications/Lucía Fernández CV.pdf')!.equals(cv)).toBe(true);
    expect(files.get('data.json')!.toString('utf8')).toBe('{"email":"lucía@example.com"}');
    expect(files.get('empty.txt')!.length).toBe(0);
  });
});
