import { useMemo, useState } from 'react';
import type { DeliveryWindowChoice } from '@/contracts/delivery-windows';
import { useHydrated } from '@/web/lib/use-hydrated';
import { useDeliveryWindows, useRefreshDeliveryWindows } from './api';
import { selectedWindow, windowKey } from './delivery-windows';
import { readSavedDeliveryWindow, saveDeliveryWindow } from './form-storage';

/** create-session's refusal of the window (its English words), for the ZIP and start date it was given with. */
export type WindowRefusal = { inputs: string; message: string };

/**
 * The delivery window of the checkout being filled in (issue 30): the windows offered for the ZIP and start date,
 * the one chosen (picked now, or kept in this tab, while it is offered with room; else the earliest open), and
 * create-session's refusal of it, shown at the picker until another is picked or the ZIP or start date changes.
 */
export function useDeliveryWindowChoice(options: {
  zipCode: string;
  startDate: string;
  today: string;
  deliverable: boolean;
}) {
  const offer = useDeliveryWindows(options);
  const refresh = useRefreshDeliveryWindows();
  const [picked, setPicked] = useState<string>();
  // Kept in this tab (sessionStorage), as the page found it: read once it runs (after hydration), as the checkout
  // reads its model; a window picked since is `picked`.
  const hydrated = useHydrated();
  const saved = useMemo(() => (hydrated ? readSavedDeliveryWindow() : undefined), [hydrated]);
  const [refusal, setRefusal] = useState<WindowRefusal | null>(null);
  const inputs = `${options.zipCode.trim()} ${options.startDate}`;

  const selected = offer.windows.data ? selectedWindow(offer.windows.data, picked ?? saved) : undefined;
  const choice: DeliveryWindowChoice | undefined = selected && { date: selected.date, start: selected.start };

  const pick = (key: string) => {
    setPicked(key);
    saveDeliveryWindow(key);
    setRefusal(null);
  };
  /** create-session refused the window (filled up, or no longer offered): said at the picker, with the offer now. */
  const refuse = (message: string) => {
    setRefusal({ inputs, message });
    void refresh();
  };

  return {
    ...offer,
    choice,
    selectedKey: choice && windowKey(choice),
    /** A new object for each refusal, so the picker comes into view again for a second one. */
    refusal: refusal?.inputs === inputs ? refusal : undefined,
    pick,
    refuse,
  };
}

export type DeliveryWindowState = ReturnType<typeof useDeliveryWindowChoice>;
