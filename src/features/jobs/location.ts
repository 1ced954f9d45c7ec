/**
 * Job locations arrive in English ("Geneva, Switzerland"): show them in the visitor's language
 * ("Genf, Schweiz"). Countries are named by Intl from their ISO codes; cities only where the
 * name differs by language, for the places the board lists most. Anything else is shown as sent.
 */
// English names as job feeds write them, to ISO codes (a table, not a scan of every region). Applied
// on the server (the API's `client_location_formatted`, the alert digests): the board's browser
// code carries neither this table nor a region formatter.
const regionCodes = new Map<string, string>(
  Object.entries({
    US: 'United States|USA|US',
    GB: 'United Kingdom|UK|Great Britain|England',
    ES: 'Spain',
    CH: 'Switzerland',
    DE: 'Germany',
    FR: 'France',
    IT: 'Italy',
    PT: 'Portugal',
    NL: 'Netherlands|The Netherlands',
    BE: 'Belgium',
    AT: 'Austria',
    IE: 'Ireland',
    LU: 'Luxembourg',
    DK: 'Denmark',
    SE: 'Sweden',
    NO: 'Norway',
    FI: 'Finland',
    PL: 'Poland',
    CZ: 'Czechia|Czech Republic',
    RO: 'Romania',
    GR: 'Greece',
    HU: 'Hungary',
    HR: 'Croatia',
    BG: 'Bulgaria',
    EE: 'Estonia',
    LV: 'Latvia',
    LT: 'Lithuania',
    UA: 'Ukraine',
    TR: 'Turkey|Türkiye',
    CA: 'Canada',
    MX: 'Mexico',
    BR: 'Brazil',
    AR: 'Argentina',
    CL: 'Chile',
    CO: 'Colombia',
    IN: 'India',
    CN: 'China',
    JP: 'Japan',
    SG: 'Singapore',
    AU: 'Australia',
    NZ: 'New Zealand',
    IL: 'Israel',
    AE: 'United Arab Emirates|UAE',
    ZA: 'South Africa',
    MA: 'Morocco',
  }).flatMap(([code, names]) => names.split('|').map((name) => [name.toLowerCase(), code] as const)),
);

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
