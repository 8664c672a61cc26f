import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { PublicLayout } from '../components/layout/public-layout';
import { LoadError } from '../components/load-error';
import { PageSpinner } from '../components/ui/spinner';
import { isInvalidLink, useLeaveWaitlist, useWaitlistEntry } from '../features/waitlist/api';
import { InvalidWaitlistLink, WaitlistEntryPanel } from '../features/waitlist/entry-panel';
import { useServerMessage } from '../i18n/server-message';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /waitlist/leave?token=… (ADR 036): the link in every waitlist e-mail. It shows the model and where the place
 * stands (the place in line while waiting), and leaves the line at a press while the place is still in it.
 */
export default function WaitlistLeavePage() {
  const { t } = useTranslation('waitlist');
  const serverMessage = useServerMessage();
  useDocumentTitle(t('leave.documentTitle'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim().slice(0, 200) ?? '';
  const entry = useWaitlistEntry(token);
  const leave = useLeaveWaitlist(token);

  let content: ReactNode;
  if (!token || isInvalidLink(entry.error) || isInvalidLink(leave.error)) content = <InvalidWaitlistLink />;
  else if (entry.isPending) content = <PageSpinner label={t('leave.loading')} />;
  else if (!entry.data) {
    content = (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="sr-only">{t('leave.heading')}</h1>
        <LoadError
          title={t('leave.loadFailedTitle')}
          message={t('leave.loadFailed')}
          onRetry={() => void entry.refetch()}
          retrying={entry.isFetching}
        />
      </div>
    );
  } else {
    content = (
      <WaitlistEntryPanel
        view={entry.data}
        left={leave.isSuccess}
        leaving={leave.isPending}
        leaveError={leave.error ? serverMessage(leave.error.message) : undefined}
        onLeave={() => leave.mutate()}
      />
    );
  }
  return <PublicLayout>{content}</PublicLayout>;
}
