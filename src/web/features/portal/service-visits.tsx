import { zodResolver } from '@hookform/resolvers/zod';
import { Wrench } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { formatCalendarDate } from '@/contracts/dates';
import { visitTypeLabels } from '@/contracts/deliveries';
import {
  serviceRequestInput,
  serviceRequestMessages,
  visitStateText,
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

const stateBadges: Record<ServiceVisit['status'], { label: string; variant: BadgeProps['variant'] }> = {
  pending: { label: 'Requested', variant: 'secondary' },
  scheduled: { label: 'Scheduled', variant: 'default' },
  completed: { label: 'Completed', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
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
  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <Wrench aria-hidden="true" /> My unit needs service
        </Button>
      }
      title="My unit needs service"
      description="Tell us what is wrong and the day that suits you. Maintenance and repairs are free; we will call you to book a time."
      form={form}
      onOpen={() => form.reset({ problem: '', preferredDate: '' })}
      onSubmit={send.mutateAsync}
      submitLabel="Request Service"
      pendingLabel="Sending..."
      pending={send.isPending}
    >
      <Field
        id="service-problem"
        label="What is wrong?"
        description="For example: it blows warm air, leaks water, or makes a noise."
        error={errors.problem?.message}
      >
        {(props) => <Textarea {...props} rows={4} maxLength={2000} {...form.register('problem')} />}
      </Field>
      <Field
        id="service-preferred-date"
        label="Preferred day"
        description={`Any day from today to ${formatCalendarDate(view.latestPreferredDate)}.`}
        error={errors.preferredDate?.message}
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
  const badge = stateBadges[visit.status];
  return (
    <li className="grid gap-1 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{visitTypeLabels[visit.type]}</span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <p>{visitStateText(visit)}</p>
      {visit.problem && <p className="break-words text-muted-foreground">What is wrong: {visit.problem}</p>}
      {visit.preferredDate && visit.status === 'pending' && (
        <p className="text-muted-foreground">Preferred day: {formatCalendarDate(visit.preferredDate)}</p>
      )}
      {visit.resolution && <p className="break-words">Resolution: {visit.resolution}</p>}
      <p className="text-xs text-muted-foreground">
        Requested {new Date(visit.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
      </p>
    </li>
  );
}

/** "Service visits": the rental's service calls and swap-outs, and the "My unit needs service" form. */
export function ServiceVisits({ orderId }: { orderId: string }) {
  const visits = useServiceVisits(orderId);
  const view = visits.data;
  return (
    <section aria-labelledby="service-visits-heading" className="rounded-lg border p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="service-visits-heading" className="text-lg font-semibold">
          Service visits
        </h2>
        {view && !view.unavailableReason && <ServiceRequestDialog orderId={orderId} view={view} />}
      </div>
      {visits.isPending ? (
        <p className="mt-3 text-sm text-muted-foreground">Loading service visits...</p>
      ) : !view ? (
        <p role="alert" className="mt-3 text-sm">
          Service visits could not load. Please reload the page or call us.
        </p>
      ) : (
        <>
          {view.unavailableReason && (
            <p className="mt-3 text-sm text-muted-foreground" data-testid="service-unavailable">
              {view.unavailableReason}
            </p>
          )}
          {view.visits.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">
              No service visits yet. If your unit is not cooling, leaks or makes noise, tell us here.
            </p>
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
