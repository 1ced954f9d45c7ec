import 'server-only';
import { sanitizeDescription } from '@/server/html/sanitize';

/** The consultancy's open role at launch; its recruitment text is in Spanish, as published. */
export function seedPositions() {
  return [
    {
      id: 'graduate-grc-consultant',
      role: 'Consultor/a GRC junior (Gobierno, Riesgo y Cumplimiento) – Programa para recién titulados',
      locale: 'es',
      location: 'Madrid (híbrido)',
      description: sanitizeDescription(`
<h2>¿Acabas de terminar la carrera y te interesa la ciberseguridad?</h2>
<p>Buscamos recién titulados que quieran empezar su carrera como consultores de <strong>Gobierno, Riesgo y Cumplimiento (GRC)</strong>. Te incorporarás a un equipo que ayuda a empresas de banca, seguros, energía y sector público a proteger su información y a cumplir la normativa que les aplica.</p>
<h3>Qué harás</h3>
<ul>
<li>Participar en análisis de riesgos tecnológicos y en la definición de planes de tratamiento.</li>
<li>Apoyar la implantación y auditoría de marcos como ISO/IEC 27001, ENS, NIS2, DORA y el RGPD.</li>
<li>Redactar políticas, procedimientos y cuadros de mando de seguridad junto a consultores sénior.</li>
<li>Preparar y asistir a reuniones con clientes, en español y en inglés.</li>
</ul>
<h3>Qué buscamos</h3>
<ul>
<li>Grado o máster en Ingeniería de Telecomunicación o Ingeniería Informática (o a punto de terminarlo).</li>
<li>Nivel de inglés B2–C1: trabajarás con documentación y clientes internacionales.</li>
<li>Interés por la seguridad de la información, la normativa y la gestión de riesgos.</li>
<li>Capacidad de análisis, buena redacción y ganas de aprender.</li>
</ul>
<h3>Qué ofrecemos</h3>
<ul>
<li>Plan de formación de seis meses con mentor asignado y certificaciones (ISO 27001 Lead Implementer, CISA o similares) a cargo de la empresa.</li>
<li>Contrato indefinido desde el primer día y retribución competitiva acorde a tu experiencia.</li>
<li>Modelo híbrido: dos días en la oficina de Madrid y el resto en remoto, con horario flexible.</li>
<li>Proyectos reales desde el principio en un equipo cercano.</li>
</ul>
<p>Si encajas, inscríbete y envíanos tu CV. Respondemos a todas las candidaturas.</p>`),
    },
  ];
}
