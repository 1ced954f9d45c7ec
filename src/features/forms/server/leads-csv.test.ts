import { describe, expect, it } from 'vitest';
import { messages } from '@/i18n/messages';
import { csvCell, leadsToCsv } from './leads-csv';

describe('lead export', () => {
  it('keeps spreadsheets from running what visitors typed', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`).startsWith(`"'`)).toBe(true);
    expect(csvCell('Plain, "quoted"')).toBe('"Plain, ""quoted"""');
    expect(csvCell(undefined)).toBe('""');
  });

  it('writes one row per lead under a header, its kind, status and choices in words in the language of the member who exports', () => {
    const csv = leadsToCsv(
      [
        {
          id: 'b2',
          type: 'job_application',
          locale: 'es',
          email: 'ana@example.com',
          form: { name: 'Ana', email: 'ana@example.com', position: 'Platform Engineer', phone: '+34 600', fileId: 'f'.repeat(22) },
          page: '/sp/jobs/all/apply/j1',
          referrer: '',
          utm: {},
          consent: null,
          spam: null,
          held: null,
          status: 'new',
          lostReason: null,
          assigneeId: null,
          keptAt: null,
          keptBy: null,
          createdAt: new Date('2026-11-21T11:00:00Z'),
        },
        {
          id: 'a1',
          type: 'demo',
          locale: 'de',
          email: 'x@example.com',
          form: { name: 'X', email: 'x@example.com', message: 'Hallo\nWelt', need: 'team', timeline: 'half_year', budget: '20k_50k' },
          page: '/de/demo',
          referrer: '',
          utm: { source: 'ads' },
          consent: { notice: 'Forms.consent', locale: 'de', sha256: 'abc', at: '2026-11-21T10:00:00.000Z' },
          spam: null,
          held: null,
          status: 'lost',
          lostReason: 'Went with an agency',
          assigneeId: 'staff-1',
          assignee: 'Sam Sales',
          notes: 'Called.\nSent the quote.',
          keptAt: null,
          keptBy: null,
          createdAt: new Date('2026-11-21T10:00:00Z'),
        },
      ],
      'es',
    );
    const [header, application, row] = csv.split('\r\n');
    expect(header).toBe(
      'id,created_at,type,locale,name,email,phone,company,jobtitle,position,cv_file,message,need,timeline,budget,page,referrer,utm_source,utm_medium,utm_campaign,consent,call_at,status,lost_reason,assignee,notes',
    );
    expect(application).toBe(
      '"b2","2026-11-21T11:00:00.000Z","Candidatura","es","Ana","ana@example.com","\'+34 600","","","Platform Engineer","Sí","","","","","/sp/jobs/all/apply/j1","","","","","","","Nuevo","","",""',
    );
    expect(row).toBe(
      `"a1","2026-11-21T10:00:00.000Z","Demo","de","X","x@example.com","","","","","","Hallo\nWelt","Ingenieros para mi equipo","En los próximos seis meses","De 20.000 € a 50.000 €","/de/demo","","ads","","","${messages.de.Forms.consent} (de, 2026-11-21T10:00:00.000Z)","","Perdido","Went with an agency","Sam Sales","Called.\nSent the quote."`,
    );
  });
});
