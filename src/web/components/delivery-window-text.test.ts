import { describe, expect, it } from 'vitest';
import { clockLabel, deliveryWindowText, windowDayLabel, windowLabel } from './delivery-window-text';

const everyQuarterHour = Array.from({ length: 96 }, (_, index) => {
  const hours = String(Math.floor(index / 4)).padStart(2, '0');
  const minutes = String((index % 4) * 15).padStart(2, '0');
  return `${hours}:${minutes}`;
});

describe('delivery window text', () => {
  it('reads the hours as the route sheet and the e-mails do', () => {
    const labels = everyQuarterHour.map((time) => clockLabel(time));
    expect(labels.slice(0, 5)).toEqual(['12AM', '12:15AM', '12:30AM', '12:45AM', '1AM']);
    expect(labels[48]).toBe('12PM');
    expect(clockLabel('23:59')).toBe('11:59PM');
    expect(windowLabel('08:00', '12:00')).toBe('8AM-12PM');
    // In Spanish as the Spanish pages write office hours ("Lun-Vie 8 a.m.-8 p.m.").
    expect(windowLabel('08:00', '12:30', 'es')).toBe('8 a.m.-12:30 p.m.');
    expect(windowLabel('12:00', '16:30')).toBe('12PM-4:30PM');
  });

  it('says the day in the page language, with its weekday and without the year', () => {
    expect(windowDayLabel('en', '2026-07-14')).toBe('Tuesday, July 14');
    expect(windowDayLabel('es', '2026-07-14')).toBe('martes, 14 de julio');
    expect(windowDayLabel('en', '2026-07-14', 'short')).toBe('Tue, Jul 14');
  });

  it('puts a booked window on one line', () => {
    const window = { date: '2026-07-14', start: '08:00', end: '12:00' };
    expect(deliveryWindowText('en', window)).toBe('Tuesday, July 14, 8AM-12PM');
    expect(deliveryWindowText('es', window)).toBe('martes, 14 de julio, 8 a.m.-12 p.m.');
  });
});
