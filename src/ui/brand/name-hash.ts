/**
 * A stable number from a name, for drawings that must look the same for the same name on every
 * page and server (portraits, wordmarks, company initials). FNV-1a with a final mix, so that
 * similar names spread over a few choices (a plain *31 hash put three of four team members on
 * the same colour).
 */
export function nameHash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
