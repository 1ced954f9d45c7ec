import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initials, avatarColour } from './avatar';
import { markSvg } from './mark';

const root = path.resolve(import.meta.dirname, '../../..');

describe('logo mark', () => {
  it('the favicon and public/logo.svg are the mark drawn in mark.ts', () => {
    expect(readFileSync(path.join(root, 'src/app/icon.svg'), 'utf8').trim()).toBe(markSvg);
    expect(readFileSync(path.join(root, 'public/logo.svg'), 'utf8').trim()).toBe(markSvg);
  });

  it('public/logo.png, the mails’ logo, is a PNG', () => {
    const png = readFileSync(path.join(root, 'public/logo.png'));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(128); // width
  });
});

describe('initials avatars', () => {
  it('take the first and last names’ initials', () => {
    expect(initials('Laura Martín')).toBe('LM');
    expect(initials('Peter  van Lindqvist')).toBe('PL');
    expect(initials('Ólafur')).toBe('Ó');
  });

  it('give a person the same colour every time, and people different ones', () => {
    expect(avatarColour('Laura Martín')).toBe(avatarColour('Laura Martín'));
    const names = ['Laura Martín', 'Daniel Weber', 'Chiara Russo', 'Julien Moreau', 'Elena Navarro', 'Marco Bianchi'];
    expect(new Set(names.map(avatarColour)).size).toBeGreaterThan(2);
  });
});
