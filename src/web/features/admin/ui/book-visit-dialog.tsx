import { useServerToday } from '@/web/lib/server-today';
import { useVisit } from '../visits-api';
import { ScheduleDialog } from './schedule-dialog';

/**
 * The Deliveries tab's booking (day, window with its room, the customer e-mailed) for a visit named by its id, opened
 * at once: after approving a cancellation, from Needs attention's "Schedule pickup", from the order panel. Closing
 * it books nothing; the visit then stays "not scheduled yet" everywhere.
 */
export function BookVisitDialog({ visitId, onClose }: { visitId: string; onClose: () => void }) {
  const visit = useVisit(visitId);
  const today = useServerToday();
  if (!visit.data || !today.data) return null;
  return <ScheduleDialog visit={visit.data} today={today.data} opened onClose={onClose} />;
}
