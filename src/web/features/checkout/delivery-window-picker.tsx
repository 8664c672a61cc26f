import { CalendarClock } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryWindow } from '@/contracts/delivery-windows';
import { localeOrDefault } from '@/i18n/locale';
import { windowDayLabel, windowLabel } from '@/web/components/delivery-window-text';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { useServerMessage } from '@/web/i18n/server-message';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/utils';
import { DELIVERY_WINDOW_DAYS } from '@/contracts/delivery-window-terms';
import { groupByDay, windowKey } from './delivery-windows';
import type { DeliveryWindowState } from './use-delivery-window';

/**
 * The delivery window of step 1 (issue 30): the windows of the 14 days from the start date, grouped by day, as one
 * native radio group (one tab stop, arrow keys between windows; each day a fieldset named by its day), a full window
 * shown and disabled. When every window is full it says the earliest day with room and offers to move the start
 * date there, so the customer learns it while choosing rather than when paying.
 *
 * What it shows comes late (after the ZIP and start date are typed): the box keeps a fixed height from the
 * server-rendered page on, and scrolls inside, so nothing below it ever moves (the checkout's CLS 0).
 */
export function DeliveryWindowPicker({
  state,
  onMoveStartDate,
}: {
  state: DeliveryWindowState;
  onMoveStartDate: (day: string) => void;
}) {
  const { t } = useTranslation('checkout');
  const serverMessage = useServerMessage();
  const boxRef = useRef<HTMLDivElement>(null);
  const pickerRef = useRef<HTMLFieldSetElement>(null);
  const { refusal } = state;
  useEffect(() => {
    // Said after the submit button was pressed, far below: brought into view with the windows as they are now.
    if (refusal) pickerRef.current?.scrollIntoView({ block: 'center' });
  }, [refusal]);
  const moveStartDate = (day: string) => {
    onMoveStartDate(day);
    // The button goes with the change: the focus stays in the picker rather than falling back to the page.
    boxRef.current?.focus();
  };
  return (
    <Card>
      <CardContent>
        <fieldset ref={pickerRef} className="grid gap-3" aria-describedby="delivery-window-description">
          <legend className="text-lg font-semibold">{t('deliveryWindow.legend')}</legend>
          <p id="delivery-window-description" className="-mt-1 text-sm text-muted-foreground">
            {t('deliveryWindow.description', { days: DELIVERY_WINDOW_DAYS })}
          </p>
          {refusal && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {serverMessage(refusal.message)}
            </p>
          )}
          <div
            ref={boxRef}
            tabIndex={-1}
            className="h-72 overflow-y-auto rounded-lg border border-input outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <PickerContent state={state} onMoveStartDate={moveStartDate} />
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}

/** What the box holds: a hint, the loading or failed state, the windows, or the earliest day when all are full. */
function PickerContent({
  state,
  onMoveStartDate,
}: {
  state: DeliveryWindowState;
  onMoveStartDate: (day: string) => void;
}) {
  const { t } = useTranslation('checkout');
  const { valid, windows, earliestDay } = state;
  if (!valid) return <BoxMessage icon>{t('deliveryWindow.waiting')}</BoxMessage>;
  if (windows.data) {
    if (windows.data.some((window) => window.open > 0)) {
      return <WindowList windows={windows.data} selectedKey={state.selectedKey} onPick={state.pick} />;
    }
    return <NoneOpen earliestDay={earliestDay} onMoveStartDate={onMoveStartDate} />;
  }
  if (windows.isError) {
    // A ZIP or date the server refuses is said under its field (and the ZIP's notice): here, the hint.
    const { error } = windows;
    if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
      return <BoxMessage icon>{t('deliveryWindow.waiting')}</BoxMessage>;
    }
    return (
      <BoxMessage alert>
        {t('deliveryWindow.loadError')}
        <Button type="button" variant="outline" size="sm" onClick={() => void windows.refetch()}>
          {t('deliveryWindow.retry')}
        </Button>
      </BoxMessage>
    );
  }
  return <BoxMessage status>{t('deliveryWindow.loading')}</BoxMessage>;
}

/** Every window of the 14 days is full: the earliest day with room (while it is looked for), or a call. */
function NoneOpen({
  earliestDay,
  onMoveStartDate,
}: {
  earliestDay: DeliveryWindowState['earliestDay'];
  onMoveStartDate: (day: string) => void;
}) {
  const { t, i18n } = useTranslation('checkout');
  const day = earliestDay.data;
  if (earliestDay.isPending) {
    return <BoxMessage status>{t('deliveryWindow.searching', { days: DELIVERY_WINDOW_DAYS })}</BoxMessage>;
  }
  if (!day) return <BoxMessage status>{t('deliveryWindow.noneOpen', { days: DELIVERY_WINDOW_DAYS })}</BoxMessage>;
  const date = windowDayLabel(localeOrDefault(i18n.language), day);
  return (
    <BoxMessage status>
      {t('deliveryWindow.noneOpenEarliest', { days: DELIVERY_WINDOW_DAYS, date })}
      <Button type="button" variant="outline" size="sm" onClick={() => onMoveStartDate(day)}>
        {t('deliveryWindow.moveStartDate', { date })}
      </Button>
    </BoxMessage>
  );
}

/** A line in the middle of the box; `status` and `alert` make it announced as it comes. */
function BoxMessage({
  children,
  icon = false,
  status = false,
  alert = false,
}: {
  children: ReactNode;
  icon?: boolean;
  status?: boolean;
  alert?: boolean;
}) {
  return (
    <div
      role={alert ? 'alert' : status ? 'status' : undefined}
      className="flex h-full flex-col items-center justify-center gap-3 p-4 text-center text-sm text-muted-foreground"
    >
      {icon && <CalendarClock aria-hidden="true" className="size-6" />}
      {children}
    </div>
  );
}

/** The windows by day: each day a fieldset of radios named by the day, all one radio group. */
function WindowList({
  windows,
  selectedKey,
  onPick,
}: {
  windows: DeliveryWindow[];
  selectedKey: string | undefined;
  onPick: (key: string) => void;
}) {
  const { i18n } = useTranslation('checkout');
  const locale = localeOrDefault(i18n.language);
  return (
    <div className="grid gap-4 p-3">
      {groupByDay(windows).map((day) => (
        <fieldset key={day.date}>
          <legend className="mb-2 text-sm font-semibold">{windowDayLabel(locale, day.date, 'short')}</legend>
          <div className="flex flex-wrap gap-2">
            {day.windows.map((window) => (
              <WindowOption
                key={window.start}
                window={window}
                checked={windowKey(window) === selectedKey}
                onPick={onPick}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

function WindowOption({
  window,
  checked,
  onPick,
}: {
  window: DeliveryWindow;
  checked: boolean;
  onPick: (key: string) => void;
}) {
  const { t, i18n } = useTranslation('checkout');
  const full = window.open <= 0;
  const key = windowKey(window);
  return (
    <label
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-md border px-3 py-2 text-sm',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
        full
          ? 'cursor-not-allowed border-dashed bg-muted/50 text-muted-foreground'
          : checked
            ? 'cursor-pointer border-primary bg-primary/5 font-semibold'
            : 'cursor-pointer border-input',
      )}
    >
      <input
        type="radio"
        name="deliveryWindow"
        value={key}
        checked={checked}
        disabled={full}
        onChange={() => onPick(key)}
        className="size-4 accent-primary"
      />
      <span>{windowLabel(window.start, window.end, localeOrDefault(i18n.language))}</span>
      {full && <span>{t('deliveryWindow.full')}</span>}
    </label>
  );
}
