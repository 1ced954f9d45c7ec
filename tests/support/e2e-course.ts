import { expect } from './test';
import type { officeMember } from './e2e-office-member';

type Member = Awaited<ReturnType<typeof officeMember>>;

/**
 * A published course made in the office by `member` (training or admin), with seats to spare: a
 * test that registers for it does not depend on what other tests did to the demo course's seats.
 */
export async function ownCourse(member: Member, prefix: string): Promise<{ id: string; title: string }> {
  const id = `${prefix}-${Date.now().toString(36)}`;
  // Its own title too: every page of the site has a title no other page has.
  const title = `Datenschutz für Entwickler (${prefix})`;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const created = await member.call('POST', '/courses', {
    id,
    locale: 'de',
    title,
    subtitle: '',
    modality: 'online',
    location: 'Online',
    price: '300',
    currency: 'eur',
    discount_percent: '0',
    promo: '',
    start_date: day(30),
    end_date: day(31),
    timetable: 'Montag, 9:00–17:00',
    time_zone: 'Europe/Berlin',
    description_html: '<p>DSGVO in der Praxis.</p>',
    spots: '10',
    application_deadline: day(20),
    external_form_url: '',
    translations: {},
  });
  expect(created.status()).toBe(200);
  expect((await member.call('POST', `/courses/${id}/publish`)).status()).toBe(200);
  return { id, title };
}
