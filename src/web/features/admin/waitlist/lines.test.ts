import { describe, expect, it } from 'vitest';
import type { AdminWaitlistEntry } from '@/contracts/waitlist';
import { ANY, areaOptions, canMoveUp, canRemove, lineHeading, modelLines, modelOptions, statusDetails } from './lines';

const portable = { id: '00000000-0000-4000-8000-000000000001', name: 'Portable 10,000 BTU' };
const window = { id: '00000000-0000-4000-8000-000000000002', name: 'Window 12,000 BTU' };
const dual = { id: '00000000-0000-4000-8000-000000000003', name: 'Dual hose 14,000 BTU' };

let next = 0;
function entry(model: { id: string; name: string }, overrides: Partial<AdminWaitlistEntry> = {}): AdminWaitlistEntry {
  next += 1;
  return {
    id: `10000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    modelId: model.id,
    modelName: model.name,
    email: `person${next}@example.com`,
    zipCode: '92618',
    area: 'Irvine',
    status: 'waiting',
    position: null,
    joinedAt: '2026-06-01T22:04:00.000Z',
    movedUpAt: null,
    movedUpReason: null,
    offeredUntil: null,
    offeredUnitSerial: null,
    endedAt: null,
    endedReason: null,
    ...overrides,
  };
}

describe('the waitlist tab’s lines', () => {
  it('groups the entries per model in the order the server sent them, headed by each whole line’s counts', () => {
    const entries = [
      entry(dual, { position: 1 }),
      entry(portable, { position: 1, movedUpReason: 'Medical need' }),
      entry(portable, { position: 2 }),
      entry(portable, { status: 'offered', offeredUnitSerial: 'AC-0007' }),
      entry(window, { status: 'lapsed', endedAt: '2026-06-02T10:00:00.000Z' }),
    ];
    const models = [
      { ...dual, waiting: 1, offered: 0 },
      { ...portable, waiting: 5, offered: 1 },
    ];

    const lines = modelLines({ entries, models });

    expect(lines.map((line) => line.entries.map((e) => e.id))).toEqual([
      [entries[0]!.id],
      [entries[1]!.id, entries[2]!.id, entries[3]!.id],
      [entries[4]!.id],
    ]);
    expect(lines.map(lineHeading)).toEqual([
      'Dual hose 14,000 BTU — 1 waiting, 0 offered',
      // The counts are the line's, not the rows an area filter left.
      'Portable 10,000 BTU — 5 waiting, 1 offered',
      // Only ended entries (shown with "all"): not among the server's models, nobody waiting or offered.
      'Window 12,000 BTU — 0 waiting, 0 offered',
    ]);
  });

  it('has no lines when nobody is in any', () => {
    expect(modelLines({ entries: [], models: [] })).toEqual([]);
  });

  it('says how long an offer holds which unit, in Los Angeles time, and when and why an entry ended', () => {
    expect(statusDetails(entry(portable, { position: 1 }))).toEqual([]);
    expect(
      statusDetails(
        entry(portable, { status: 'offered', offeredUntil: '2026-06-02T03:30:00.000Z', offeredUnitSerial: 'AC-0007' }),
      ),
    ).toEqual(['held until Jun 1, 2026, 8:30 PM', 'unit AC-0007']);
    expect(
      statusDetails(
        entry(portable, { status: 'removed', endedAt: '2026-06-01T16:00:00.000Z', endedReason: 'Moved away' }),
      ),
    ).toEqual(['on Jun 1, 2026, 9:00 AM', 'Moved away']);
  });

  it('offers moving up to waiting entries only, and removing to waiting and offered ones', () => {
    const statuses = ['waiting', 'offered', 'rented', 'lapsed', 'left', 'removed'] as const;
    const allowed = statuses.map((status) => {
      const one = entry(portable, { status });
      return [status, canMoveUp(one), canRemove(one)];
    });
    expect(allowed).toEqual([
      ['waiting', true, true],
      ['offered', false, true],
      ['rented', false, false],
      ['lapsed', false, false],
      ['left', false, false],
      ['removed', false, false],
    ]);
  });

  it('keeps a chosen filter listed when the server no longer lists it', () => {
    const models = [{ ...portable, waiting: 1, offered: 0 }];
    expect(modelOptions({ entries: [], models }, ANY)).toEqual([
      { value: ANY, label: 'All models' },
      { value: portable.id, label: portable.name },
    ]);
    // The window model's line emptied while it was chosen; its ended entries still name it.
    const ended = entry(window, { status: 'rented' });
    expect(modelOptions({ entries: [ended], models }, window.id).at(-1)).toEqual({
      value: window.id,
      label: window.name,
    });

    expect(areaOptions(['Irvine', 'Tustin'], 'Irvine').map((option) => option.value)).toEqual([
      ANY,
      'Irvine',
      'Tustin',
    ]);
    expect(areaOptions(['Tustin'], 'Irvine').map((option) => option.value)).toEqual([ANY, 'Tustin', 'Irvine']);
  });
});
