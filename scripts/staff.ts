// `npm run staff -- list` shows the office's members and open invitations; `npm run staff --
// invite EMAIL --role ROLE [--locale es]` prints a one-use invitation link (48 hours) and mails it;
// `role EMAIL ROLE` changes a member's role; `disable EMAIL` (or `enable EMAIL`) ends a member's
// access and sessions; `reset-2fa EMAIL` lets a member who lost their authenticator enrol a new
// one at their next sign-in. Every change is in the audit log, by the operator.
import '@/features';
import { closeDatabase, database } from '@/server/db';
import { startQueue, stopQueue } from '@/server/queue';
import { OFFICE_ROLES } from '@/server/office/staff-tables';
import {
  findStaffByEmail,
  inviteStaff,
  isOfficeRole,
  listStaff,
  resetTwoFactor,
  setStaffDisabled,
  setStaffRole,
} from '@/server/office/staff-service';
import { printable } from './lib/printable';

const USAGE = `Usage: npm run staff -- list | invite EMAIL --role ${OFFICE_ROLES.join('|')} [--locale en|es] | role EMAIL ROLE | disable EMAIL | enable EMAIL | reset-2fa EMAIL`;
const operator = { actor: null };

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  const { db } = await database();
  const option = (name: string) => {
    const at = rest.indexOf(`--${name}`);
    return at >= 0 ? rest[at + 1] : undefined;
  };
  const memberOf = async (address: string | undefined) => {
    const member = address ? await findStaffByEmail(db, address) : undefined;
    if (!member) console.error(`No office account for ${printable(address ?? '')} (see npm run staff -- list).`);
    return member;
  };

  if (command === 'list') {
    const { members, invitations } = await listStaff(db);
    if (members.length === 0) console.log('No office accounts yet.');
    else
      console.table(
        members.map((m) => ({
          email: printable(m.email),
          name: printable(m.name),
          role: m.role,
          authenticator: m.twoFactor ? 'yes' : 'not yet',
          disabled: m.disabled ? 'yes' : '',
        })),
      );
    if (invitations.length)
      console.table(
        invitations.map((i) => ({ invited: printable(i.email ?? '(first admin)'), role: i.role, expires: i.expiresAt.toISOString() })),
      );
    return 0;
  }
  if (command === 'invite' && email) {
    const role = option('role') ?? '';
    const locale = option('locale') === 'es' ? 'es' : 'en';
    if (!isOfficeRole(role) || !email.includes('@')) {
      console.error(USAGE);
      return 2;
    }
    const queue = await startQueue(false);
    try {
      const { link, expiresAt } = await inviteStaff(db, queue, { email, role, locale }, operator);
      console.log(`Invitation mailed to ${printable(email)} (${role}); the link works once, until ${expiresAt.toISOString()}:\n  ${link}`);
    } finally {
      await stopQueue();
    }
    return 0;
  }
  if (command === 'role' && email) {
    const role = rest[0] ?? '';
    if (!isOfficeRole(role)) {
      console.error(USAGE);
      return 2;
    }
    const member = await memberOf(email);
    if (!member) return 1;
    await setStaffRole(db, member.id, role, operator);
    console.log(`${printable(member.email)} is now ${role}.`);
    return 0;
  }
  if ((command === 'disable' || command === 'enable') && email) {
    const member = await memberOf(email);
    if (!member) return 1;
    await setStaffDisabled(db, member.id, command === 'disable', operator);
    console.log(
      command === 'disable'
        ? `${printable(member.email)} is disabled; their sessions ended.`
        : `${printable(member.email)} may sign in again.`,
    );
    return 0;
  }
  if (command === 'reset-2fa' && email) {
    const member = await memberOf(email);
    if (!member) return 1;
    await resetTwoFactor(db, member.id, operator);
    console.log(`${printable(member.email)} enrols a new authenticator at their next sign-in; their sessions ended.`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main()
  .then(async (code) => {
    process.exitCode = code;
    await closeDatabase();
  })
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
