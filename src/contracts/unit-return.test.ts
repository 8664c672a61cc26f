import { describe, expect, it } from 'vitest';
import { unitReturnOf, unitReturnText } from './unit-return';

const order = { id: 'o1', status: 'completed' };
const rentedHere = { status: 'rented', currentOrderId: 'o1' };
const pickup = (status: string, scheduledDate: string | null = null, timeWindow: string | null = null) => ({
  type: 'pickup',
  status,
  scheduledDate,
  timeWindow,
});

describe('an ended rental’s unit return', () => {
  it('is nothing while the rental runs, or once the unit is back', () => {
    expect(unitReturnOf({ ...order, status: 'active' }, [pickup('pending')], rentedHere)).toBeNull();
    expect(unitReturnOf(order, [pickup('completed', '2026-12-01', 'morning')], null)).toBeNull();
    expect(unitReturnOf(order, [], { status: 'maintenance', currentOrderId: null })).toBeNull();
  });

  it('reads “pickup not scheduled” for no pickup, or one with no day (a pending one’s old date is not a booking)', () => {
    for (const visits of [[], [pickup('pending')], [pickup('pending', '2026-12-15')]]) {
      const state = unitReturnOf(order, visits, rentedHere);
      expect(state).toEqual({ pickupDate: null, pickupWindow: null });
      expect(unitReturnText(state!)).toBe('Ended — pickup not scheduled');
    }
  });

  it('reads the booked day and window, also for a cancelled order whose unit went back to stock before the pickup', () => {
    const state = unitReturnOf({ ...order, status: 'cancelled' }, [pickup('scheduled', '2026-12-15', '12:00-16:00')], {
      status: 'available',
      currentOrderId: null,
    });
    expect(state).toEqual({ pickupDate: '2026-12-15', pickupWindow: '12PM-4PM' });
    expect(unitReturnText(state!)).toBe('Ended — pickup booked for December 15, 2026, 12PM-4PM');
  });
});
