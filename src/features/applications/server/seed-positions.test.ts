import { describe, expect, it } from 'vitest';
import { messages } from '@/i18n/messages';
import { seedPositions } from './seed-positions';

describe('the open role of the launch', () => {
  it('names no button of the page: the button says "Apply" in English and «Inscribirme» in Spanish', () => {
    const buttons = Object.values(messages).map((m) => m.Applications.careers.applyLink);
    for (const { description } of seedPositions()) for (const label of buttons) expect(description).not.toContain(`«${label}»`);
  });
});
