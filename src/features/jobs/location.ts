/**
 * Job locations arrive in English ("Geneva, Switzerland"): show them in the visitor's language
 * ("Genf, Schweiz"). Countries are named by Intl from their English names; cities only where the
 * name differs by language, for the places the board lists most. Anything else is shown as sent.
 */
const regionCodes = (() => {
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const byName = new Map<string, string>([
    ['usa', 'US'],
    ['uk', 'GB'],
  ]);
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = english.of(code);
      if (name && name !== code) byName.set(name.toLowerCase(), code);
    }
  return byName;
})();

type Names = Partial<Record<'en' | 'es' | 'fr' | 'de' | 'it', string>>;
const cities: Record<string, Names> = {
  zurich: { en: 'Zurich', es: 'Zúrich', fr: 'Zurich', de: 'Zürich', it: 'Zurigo' },
  zürich: { en: 'Zurich', es: 'Zúrich', fr: 'Zurich', de: 'Zürich', it: 'Zurigo' },
  geneva: { es: 'Ginebra', fr: 'Genève', de: 'Genf', it: 'Ginevra' },
  basel: { es: 'Basilea', fr: 'Bâle', it: 'Basilea' },
  bern: { es: 'Berna', fr: 'Berne', it: 'Berna' },
  lausanne: { de: 'Lausanne', it: 'Losanna' },
  lisbon: { es: 'Lisboa', fr: 'Lisbonne', de: 'Lissabon', it: 'Lisbona' },
  london: { es: 'Londres', fr: 'Londres', it: 'Londra' },
  'new york': { es: 'Nueva York' },
  barcelona: { it: 'Barcellona', fr: 'Barcelone' },
  seville: { es: 'Sevilla', fr: 'Séville', de: 'Sevilla', it: 'Siviglia' },
  munich: { es: 'Múnich', de: 'München', it: 'Monaco di Baviera' },
  cologne: { es: 'Colonia', de: 'Köln', it: 'Colonia' },
  vienna: { es: 'Viena', fr: 'Vienne', de: 'Wien', it: 'Vienna' },
  milan: { es: 'Milán', fr: 'Milan', de: 'Mailand', it: 'Milano' },
  rome: { es: 'Roma', fr: 'Rome', de: 'Rom', it: 'Roma' },
  brussels: { es: 'Bruselas', fr: 'Bruxelles', de: 'Brüssel', it: 'Bruxelles' },
};

const displayNames = new Map<string, Intl.DisplayNames>();

export function localizedLocation(location: string, locale: string): string {
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return location
    .split(',')
    .map((raw) => {
      const part = raw.trim();
      const key = part.toLowerCase();
      const code = regionCodes.get(key);
      if (code) return names.of(code) ?? part;
      return cities[key]?.[locale as keyof Names] ?? part;
    })
    .join(', ');
}
