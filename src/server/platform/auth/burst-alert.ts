import { business } from '@/contracts/business';
import type { Db } from '@/server/platform/db/client';
import { adminUsers } from '@/server/platform/db/schema';
import type { Mailer } from '@/server/platform/mail/mailer';

export interface BurstAlertDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: { error(details: object, message: string): void };
}

const timeOfDay = new Intl.DateTimeFormat('en-US', {
  timeZone: business.timeZone,
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * Tells every admin, by e-mail through the mail port, that a username is under a burst of failed sign-ins. Sent
 * once per burst (throttle.ts claimBurstAlert decides); a failed send is logged and changes nothing else.
 */
export async function sendBurstAlert(
  deps: BurstAlertDeps,
  burst: { username: string; attempts: number; since: Date },
): Promise<void> {
  const recipients = await deps.db.select({ email: adminUsers.email }).from(adminUsers);
  const text = [
    `Someone has failed to sign in to the CoolRent dashboard as "${burst.username}" ${burst.attempts} times since ${timeOfDay.format(burst.since)} (Pacific time).`,
    '',
    'Browsers you signed in from before are not blocked by these attempts; other browsers wait longer after each failure.',
    'If this was not you, nothing is needed to keep them out, but make sure the admin password is long and not used anywhere else. You will get one message per burst of attempts, not one per attempt.',
    '',
    `Dashboard: ${deps.publicUrl}/admin`,
  ].join('\n');
  for (const { email } of recipients) {
    try {
      await deps.mailer.send({ to: email, subject: 'Failed sign-ins to your CoolRent dashboard', text });
    } catch (error) {
      deps.log.error({ err: error, username: burst.username }, 'sign-in burst alert could not be sent');
    }
  }
}
