import 'server-only';
import type { OperatorCommand } from '../commands/command';
import { printable } from '../commands/printable';
import { database } from '../db';
import { queue } from '../queue';
import { OFFICE_LOCALES, officeLocale } from './office-locales';
import { OFFICE_ROLES } from './staff-tables';
import { resetTwoFactor } from './staff-enrolment';
import { findStaffByEmail, isOfficeRole, listStaff, setStaffDisabled, setStaffRole } from './staff-members';
import { inviteStaff, revokeInvitation } from './staff-service';

const usage = `npm run staff -- list | invite EMAIL --role ${OFFICE_ROLES.join('|')} [--locale ${OFFICE_LOCALES.join('|')}] | role EMAIL ROLE | disable EMAIL | enable EMAIL | reset-2fa EMAIL | revoke EMAIL|ID`;
/** The operator at the server's command line: the audit log's actor is null. */
const operator = { actor: null };

/**
 * `npm run staff`: the office's accounts for the operator, and the way back in for an admin who
 * lost access. Every change is in the audit log.
 */
export const staffCommand: OperatorCommand = {
  name: 'staff',
  usage,
  async run([command, email, ...rest], io) {
    const { db } = await database();
    const option = (name: string) => {
      const at = rest.indexOf(`--${name}`);
      return at >= 0 ? rest[at + 1] : undefined;
    };
    const wrongUsage = () => {
      io.err(`Usage: ${usage}`);
      return 2;
    };
    const memberOf = async (address: string) => {
      const member = await findStaffByEmail(db, address);
      if (!member) io.err(`No office account for ${printable(address)} (see npm run staff -- list).`);
      return member;
    };

    if (command === 'list') {
      const { members, invitations } = await listStaff(db);
      if (members.length === 0) io.out('No office accounts yet.');
      else
        io.table(
          members.map((m) => ({
            email: printable(m.email),
            name: printable(m.name),
            role: m.role,
            authenticator: m.twoFactor ? 'yes' : 'not yet',
            disabled: m.disabled ? 'yes' : '',
          })),
        );
      if (invitations.length)
        io.table(
          invitations.map((i) => ({
            id: i.id,
            invited: printable(i.email ?? '(first admin)'),
            role: i.role,
            expires: i.expiresAt.toISOString(),
          })),
        );
      return 0;
    }
    if (command === 'invite' && email) {
      const role = option('role') ?? '';
      if (!isOfficeRole(role) || !email.includes('@')) return wrongUsage();
      const locale = officeLocale(option('locale'));
      const { link, expiresAt } = await inviteStaff(db, await queue(), { email, role, locale }, operator);
      io.out(`Invitation mailed to ${printable(email)} (${role}); the link works once, until ${expiresAt.toISOString()}:`);
      io.out(`  ${link}`);
      return 0;
    }
    if (command === 'role' && email) {
      const role = rest[0] ?? '';
      if (!isOfficeRole(role)) return wrongUsage();
      const member = await memberOf(email);
      if (!member) return 1;
      await setStaffRole(db, member.id, role, operator);
      io.out(`${printable(member.email)} is now ${role}.`);
      return 0;
    }
    if ((command === 'disable' || command === 'enable') && email) {
      const member = await memberOf(email);
      if (!member) return 1;
      await setStaffDisabled(db, member.id, command === 'disable', operator);
      io.out(
        command === 'disable'
          ? `${printable(member.email)} is disabled; their sessions ended.`
          : `${printable(member.email)} may sign in again.`,
      );
      return 0;
    }
    if (command === 'reset-2fa' && email) {
      const member = await memberOf(email);
      if (!member) return 1;
      const { link } = await resetTwoFactor(db, await queue(), member.id, operator);
      io.out(
        `${printable(member.email)}'s sessions ended; they were mailed this link, which with their password sets up a new authenticator:`,
      );
      io.out(`  ${link}`);
      return 0;
    }
    if (command === 'revoke' && email) {
      // An address, or the id `list` shows (the only way to name the first admin's setup link).
      const open = (await listStaff(db)).invitations.find((i) => i.id === email || i.email === email.trim().toLowerCase());
      if (!open) {
        io.err(`No open invitation for ${printable(email)} (see npm run staff -- list).`);
        return 1;
      }
      await revokeInvitation(db, open.id, operator);
      io.out(`The invitation of ${printable(open.email ?? '(first admin)')} is revoked: its link opens nothing.`);
      return 0;
    }
    return wrongUsage();
  },
};
