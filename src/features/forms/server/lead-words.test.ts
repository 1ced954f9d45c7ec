import { describe, expect, it } from 'vitest';
import { choiceWord, leadFieldRows } from './lead-words';

describe("a lead's fields, as sales read them", () => {
  it('name each field and the visitor’s choices in words, in a fixed order, whatever order they were stored in', () => {
    const quote = {
      company: 'Exemple SA',
      details: 'An app for our shops',
      budget: '50k_150k',
      timeline: 'asap',
      need: 'new_product',
      email: 'c@example.com',
      name: 'Camille',
    };
    expect(leadFieldRows(quote, 'fr')).toEqual([
      { label: 'Nom', value: 'Camille' },
      { label: 'E-mail', value: 'c@example.com' },
      { label: 'Entreprise', value: 'Exemple SA' },
      { label: 'Besoin', value: 'Créer un nouveau produit' },
      { label: 'Délai', value: 'Dès que possible' },
      { label: 'Budget', value: 'De 50 000 € à 150 000 €' },
      { label: 'Détails', value: 'An app for our shops' },
    ]);
  });

  it('say the form and the call time in words, and the time zone only with the call time', () => {
    const callback = {
      timeZone: 'Asia/Tokyo',
      callAt: '2026-12-02T09:00:00.000Z',
      info: 'Call me',
      kind: 'callback',
      jobtitle: 'CTO',
      name: 'Eli',
    };
    expect(leadFieldRows(callback, 'en', { callAt: 'Wednesday at 10:00 in Madrid' })).toEqual([
      { label: 'Name', value: 'Eli' },
      { label: 'Job title', value: 'CTO' },
      { label: 'Form', value: 'Call back' },
      { label: 'Call at', value: 'Wednesday at 10:00 in Madrid' },
      { label: 'Message', value: 'Call me' },
    ]);
  });

  it('word a course registration’s experience as its form offered it, and nothing that was not offered', () => {
    expect(choiceWord('experience', 'basic', 'en')).toBe('Some: courses or personal projects');
    expect(choiceWord('experience', 'basic', 'it')).not.toBe('basic');
    expect(choiceWord('experience', 'toString', 'en')).toBeUndefined();
    expect(choiceWord('name', 'basic', 'en')).toBeUndefined();
  });
});
