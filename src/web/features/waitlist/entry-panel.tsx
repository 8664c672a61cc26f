import type { TFunction } from 'i18next';
import { CircleAlert, CircleCheck, ListOrdered } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WaitlistEntryView } from '@/contracts/waitlist';
import { ButtonLink } from '@/web/components/layout/button-link';
import { Button } from '@/web/components/ui/button';

/** What the page says of a place: where it stands, a word on leaving, and whether it can still be left. */
export interface EntryStatusText {
  text: string;
  note?: string;
  canLeave: boolean;
}

/** A place still in line (waiting, or holding an offer) can be left; one that ended says how, with no button. */
export function entryStatusText(t: TFunction<'waitlist'>, view: WaitlistEntryView): EntryStatusText {
  const model = view.modelName;
  switch (view.status) {
    case 'waiting': {
      const text =
        view.position === null
          ? t('leave.waiting', { model })
          : view.position === 1
            ? t('leave.first', { model })
            : t('leave.position', { model, position: view.position });
      return { text, note: t('leave.waitingNote'), canLeave: true };
    }
    case 'offered':
      return { text: t('leave.offered', { model }), note: t('leave.offeredNote'), canLeave: true };
    case 'left':
      return { text: t('leave.alreadyLeft', { model }), canLeave: false };
    case 'removed':
      return { text: t('leave.removed', { model }), canLeave: false };
    case 'rented':
      return { text: t('leave.rented', { model }), canLeave: false };
    case 'lapsed':
      return { text: t('leave.lapsed', { model }), canLeave: false };
  }
}

function Panel({ icon, title, children }: { icon: 'place' | 'done' | 'alert'; title: string; children: ReactNode }) {
  const Icon = icon === 'alert' ? CircleAlert : icon === 'done' ? CircleCheck : ListOrdered;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <Icon
        aria-hidden="true"
        className={icon === 'alert' ? 'size-12 text-muted-foreground' : 'size-12 text-primary'}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

function CatalogLink() {
  const { t } = useTranslation('waitlist');
  return (
    <ButtonLink href="/catalog" variant="outline" className="mt-6">
      {t('leave.catalog')}
    </ButtonLink>
  );
}

/**
 * The place a leave link names, and its "Leave the waitlist" button while it is still in line. Once left, the
 * confirmation takes the button's place and the focus (the button is gone).
 */
export function WaitlistEntryPanel({
  view,
  left,
  leaving,
  leaveError,
  onLeave,
}: {
  view: WaitlistEntryView;
  left: boolean;
  leaving: boolean;
  /** Why leaving failed, in the page's language. */
  leaveError: string | undefined;
  onLeave: () => void;
}) {
  const { t } = useTranslation('waitlist');
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (left) confirmation.current?.focus();
  }, [left]);

  if (left) {
    return (
      <Panel icon="done" title={t('leave.heading')}>
        <p ref={confirmation} tabIndex={-1} role="status" className="mt-3 text-lg outline-none">
          {t('leave.left')}
        </p>
        <CatalogLink />
      </Panel>
    );
  }
  const status = entryStatusText(t, view);
  return (
    <Panel icon="place" title={t('leave.heading')}>
      <p className="mt-3 text-lg">{status.text}</p>
      {status.note && <p className="mt-2 text-muted-foreground">{status.note}</p>}
      {status.canLeave ? (
        <>
          <Button type="button" variant="outline" className="mt-6" disabled={leaving} onClick={onLeave}>
            {leaving ? t('leave.leaving') : t('leave.button')}
          </Button>
          {leaveError && (
            <p role="alert" className="mt-3 text-sm font-medium text-destructive">
              {leaveError}
            </p>
          )}
        </>
      ) : (
        <CatalogLink />
      )}
    </Panel>
  );
}

/** A leave link without its token, or one that is not ours: said plainly, with the way to the catalog. */
export function InvalidWaitlistLink() {
  const { t } = useTranslation('waitlist');
  return (
    <Panel icon="alert" title={t('leave.invalidTitle')}>
      <p className="mt-3 text-lg">{t('leave.invalid')}</p>
      <CatalogLink />
    </Panel>
  );
}
