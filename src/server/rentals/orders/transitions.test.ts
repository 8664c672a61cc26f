import { describe, expect, it } from 'vitest';
import { orderStatuses } from '@/contracts/admin/orders';
import { allowedNextStatuses, canChangeStatus } from './transitions';

describe('order status transitions', () => {
  it('lets a pending order become active or cancelled, and an active one completed or cancelled', () => {
    expect(allowedNextStatuses('pending')).toEqual(['active', 'cancelled']);
    expect(allowedNextStatuses('active')).toEqual(['completed', 'cancelled']);
  });

  it('treats completed and cancelled as final', () => {
    for (const to of orderStatuses) {
      expect(canChangeStatus('completed', to)).toBe(false);
      expect(canChangeStatus('cancelled', to)).toBe(false);
    }
  });

  it('never goes back to pending, never stays in place, and knows no unknown status', () => {
    for (const from of orderStatuses) {
      expect(canChangeStatus(from, 'pending')).toBe(false);
      expect(canChangeStatus(from, from)).toBe(false);
    }
    expect(allowedNextStatuses('canceled')).toEqual([]);
    expect(canChangeStatus('pending', 'completed')).toBe(false);
  });
});
