import 'server-only';
import { sanitizeDescription } from '@/server/html/sanitize';
import type { CourseTranslations } from '../schema';
import type { NewCourseRow } from './courses-table';

const DAY = 24 * 3600 * 1000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The first Friday at least `weeks` weeks after `now`. */
function fridayAfter(now: Date, weeks: number): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + weeks * 7 * DAY);
  while (d.getUTCDay() !== 5) d.setTime(d.getTime() + DAY);
  return d;
}

/** What the fullstack course's timetable said before it had a time zone (a database seeded then has it). */
export const OLD_FULLSTACK_TIMETABLE = 'Viernes y sábado de 17:00 a 21:00 (UTC+2)';

/**
 * The fullstack course in the five languages of the site. The timetable is Madrid time: the page
 * adds CET or CEST from the dates (the spec's "UTC+2" was right only in summer).
 */
export const fullstackTranslations: CourseTranslations = {
  en: {
    title: 'Intensive training on Fullstack developer with Amazon Web Services',
    subtitle: 'Six months to go from writing code to building complete web applications and running them in the cloud',
    timetable: 'Fridays and Saturdays, 17:00 to 21:00',
  },
  es: {
    title: 'Formación intensiva de desarrollador Fullstack con Amazon Web Services',
    subtitle: 'Seis meses para pasar de programar a construir y desplegar aplicaciones web completas en la nube',
    timetable: 'Viernes y sábado de 17:00 a 21:00',
  },
  fr: {
    title: 'Formation intensive de développeur Fullstack avec Amazon Web Services',
    subtitle: 'Six mois pour passer de l’écriture de code à la création d’applications web complètes, déployées dans le cloud',
    timetable: 'Vendredi et samedi, de 17 h à 21 h',
  },
  de: {
    title: 'Intensivkurs Fullstack-Entwicklung mit Amazon Web Services',
    subtitle: 'Sechs Monate, um vom Programmieren zum Bauen und Betreiben kompletter Webanwendungen in der Cloud zu kommen',
    timetable: 'Freitags und samstags, 17:00 bis 21:00 Uhr',
  },
  it: {
    title: 'Formazione intensiva per sviluppatore Fullstack con Amazon Web Services',
    subtitle: 'Sei mesi per passare dallo scrivere codice a costruire applicazioni web complete e pubblicarle nel cloud',
    timetable: 'Venerdì e sabato, dalle 17:00 alle 21:00',
  },
};

/**
 * The courses the site starts with: the six-month fullstack course of the original site (taught
 * in Spanish, Friday 27 May to Friday 25 November 2022), moved to start six weeks after the first
 * start of the site with the same length, timetable and price.
 */
export function catalogue(now = new Date()): NewCourseRow[] {
  const start = fridayAfter(now, 6);
  const end = new Date(start.getTime() + 26 * 7 * DAY);
  return [
    {
      id: 'online-01-fs',
      locale: 'es',
      title: 'Intensive training on Fullstack developer with Amazon Web Services',
      subtitle: 'Seis meses para pasar de programar a construir y desplegar aplicaciones web completas en la nube',
      modality: 'online',
      location: 'Online',
      priceCents: 180_000,
      currency: 'eur',
      discountPercent: 20,
      promo: null,
      startDate: isoDate(start),
      endDate: isoDate(end),
      timetable: 'Viernes y sábado de 17:00 a 21:00',
      timeZone: 'Europe/Madrid',
      translations: fullstackTranslations,
      descriptionHtml: sanitizeDescription(`
        <h2>Qué aprenderás</h2>
        <p>Un curso intensivo y práctico, en directo y en español, para desarrollar aplicaciones web completas y llevarlas a producción en Amazon Web Services.</p>
        <ul>
          <li>Frontend con HTML, CSS, JavaScript, TypeScript y React.</li>
          <li>Backend con Node.js: APIs REST, autenticación y pruebas automatizadas.</li>
          <li>Bases de datos relacionales y NoSQL: PostgreSQL y DynamoDB.</li>
          <li>AWS: Lambda, API Gateway, S3, CloudFront, Cognito e infraestructura como código.</li>
          <li>Git, integración y despliegue continuos, observabilidad y costes.</li>
        </ul>
        <h2>Cómo es</h2>
        <p>Clases en directo los viernes y sábados por la tarde, con grabaciones, ejercicios semanales y un proyecto final que despliegas en tu propia cuenta de AWS. Grupos reducidos con tutoría de ingenieros que trabajan en proyectos reales.</p>
        <h2>Para quién</h2>
        <p>Para quien ya programa un poco y quiere dar el salto a desarrollo fullstack en la nube. Si empiezas desde cero, te enviamos material de preparación antes del inicio.</p>`),
      spots: 20,
      spotsTaken: 0,
      applicationDeadline: new Date(start.getTime() - 7 * DAY),
    },
  ];
}
