import { useTranslation } from 'react-i18next';
import { useServerMessage } from '@/web/i18n/server-message';
import { formatCalendarDateIn, formatLongDateIn, intlLocale } from '@/i18n/format';
import { usePortalLocale } from './locale';
import { visitWindowLabel } from '@/contracts/deliveries';
import { zodResolver } from '@hookform/resolvers/zod';
import { Wrench } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import {
  serviceRequestInput,
  serviceRequestMessages,
  type ServiceRequestInput,
  type ServiceVisit,
  type ServiceVisitsView,
} from '@/contracts/service-requests';
import { FormDialog } from '@/web/components/form-dialog';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useRequestService, useServiceVisits } from './api';

const stateVariants: Record<ServiceVisit['status'], BadgeProps['variant']> = {
  pending: 'secondary',
  scheduled: 'default',
  completed: 'success',
  cancelled: 'outline',
};

/** The form's rules: the contract's, plus the day range the server gave (its clock, Los Angeles days). */
function useRequestSchema(view: ServiceVisitsView) {
  return useMemo(
    () =>
      serviceRequestInput.superRefine((value, context) => {
        if (value.preferredDate < view.today) {
          context.addIssue({
            code: 'custom',
            path: ['preferredDate'],
            message: serviceRequestMessages.preferredDateInPast,
          });
        } else if (value.preferredDate > view.latestPreferredDate) {
          context.addIssue({
            code: 'custom',
            path: ['preferredDate'],
            message: serviceRequestMessages.preferredDateTooFar,
          });
        }
      }),
    [view.today, view.latestPreferredDate],
  );
}

function ServiceRequestDialog({ orderId, view }: { orderId: string; view: ServiceVisitsView }) {
  const schema = useRequestSchema(view);
  const form = useForm<ServiceRequestInput>({
    resolver: zodResolver(schema),
    defaultValues: { problem: '', preferredDate: '' },
  });
  const send = useRequestService(orderId);
  const { errors } = form.formState;
  const { t } = useTranslation('portal');
  const serverMessage = useServerMessage();
  const locale = usePortalLocale();
  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <Wrench aria-hidden="true" /> {t('visits.trigger')}
        </Button>
      }
      title={t('visits.dialogTitle')}
      description={t('visits.dialogDescription')}
      form={form}
      onOpen={() => form.reset({ problem: '', preferredDate: '' })}
      onSubmit={send.mutateAsync}
      submitLabel={t('visits.submit')}
      pendingLabel={t('visits.pending')}
      pending={send.isPending}
    >
      <Field
        id="service-problem"
        label={t('visits.problem')}
        description={t('visits.problemHint')}
        error={serverMessage(errors.problem?.message)}
      >
        {(props) => <Textarea {...props} rows={4} maxLength={2000} {...form.register('problem')} />}
      </Field>
      <Field
        id="service-preferred-date"
        label={t('visits.preferredDay')}
        description={t('visits.preferredDayHint', { date: formatCalendarDateIn(locale, view.latestPreferredDate) })}
        error={serverMessage(errors.preferredDate?.message)}
      >
        {(props) => (
          <Input
            {...props}
            type="date"
            min={view.today}
            max={view.latestPreferredDate}
            {...form.register('preferredDate')}
          />
        )}
      </Field>
    </FormDialog>
  );
}

function VisitItem({ visit }: { visit: ServiceVisit }) {
  const { t } = useTranslation('portal');
  const locale = usePortalLocale();
  return (
    <li className="grid gap-1 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{t(`visits.types.${visit.type}`)}</span>
        <Badge variant={stateVariants[visit.status]}>{t(`visits.states.${visit.status}`)}</Badge>
      </div>
      {/* What the badge does not say already, in the reader's language: when we come, or that we will call. */}
      {visit.status === 'scheduled' && visit.scheduledDate ? (
        <p>
          {t('visits.scheduledFor', {
            date: formatLongDateIn(locale, visit.scheduledDate),
            window: visit.timeWindow ? visitWindowLabel(visit.timeWindow, locale) : '',
          }).replace(/,\s*$/, '')}
        </p>
      ) : visit.status === 'pending' || visit.status === 'scheduled' ? (
        <p>{t('visits.willCall')}</p>
      ) : null}
      {visit.problem && (
        <p className="break-words text-muted-foreground">{t('visits.whatIsWrong', { problem: visit.problem })}</p>
      )}
      {visit.preferredDate && visit.status === 'pending' && (
        <p className="text-muted-foreground">
          {t('visits.preferred', { date: formatCalendarDateIn(locale, visit.preferredDate) })}
        </p>
      )}
      {visit.resolution && <p className="break-words">{t('visits.resolution', { resolution: visit.resolution })}</p>}
      <p className="text-xs text-muted-foreground">
        {t('visits.requested', {
          date: new Date(visit.createdAt).toLocaleDateString(intlLocale(locale), { dateStyle: 'medium' }),
        })}
      </p>
    </li>
  );
}

/** "Service visits": the rental's service calls and swap-outs, and the "My unit needs service" form. */
export function ServiceVisits({ orderId }: { orderId: string }) {
  const visits = useServiceVisits(orderId);
  const view = visits.data;
  const { t } = useTranslation('portal');
  const serverMessage = useServerMessage();
  return (
    <section aria-labelledby="service-visits-heading" className="rounded-lg border p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="service-visits-heading" className="text-lg font-semibold">
          {t('visits.title')}
        </h2>
        {view && !view.unavailableReason && <ServiceRequestDialog orderId={orderId} view={view} />}
      </div>
      {visits.isPending ? (
        <p className="mt-3 text-sm text-muted-foreground">{t('visits.loading')}</p>
      ) : !view ? (
        <p role="alert" className="mt-3 text-sm">
          {t('visits.loadError')}
        </p>
      ) : (
        <>
          {view.unavailableReason && (
            <p className="mt-3 text-sm text-muted-foreground" data-testid="service-unavailable">
              {serverMessage(view.unavailableReason)}
            </p>
          )}
          {view.visits.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">{t('visits.none')}</p>
          ) : (
            <ul className="mt-2 divide-y">
              {view.visits.map((visit) => (
                <VisitItem key={visit.id} visit={visit} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
