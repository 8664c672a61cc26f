import type { AdminWaitlist, AdminWaitlistEntry } from '@/contracts/waitlist';
import { formatInstant } from '../format';
import type { FilterOption } from '../ui/filter-select';

/** One model's line as the tab shows it: its heading's counts, then its entries. */
export interface ModelLine {
  id: string;
  name: string;
  waiting: number;
  offered: number;
  entries: AdminWaitlistEntry[];
}

/**
 * The entries per model, in the server's order (models by name; in each, the line by place, then the offers, then
 * the ended entries newest first). The counts are the whole line's, from `models`; a model whose entries have all
 * ended (shown with "all") is not among them, and has none waiting or offered.
 */
export function modelLines({ entries, models }: Pick<AdminWaitlist, 'entries' | 'models'>): ModelLine[] {
  const counts = new Map(models.map((model) => [model.id, model]));
  const lines = new Map<string, ModelLine>();
  for (const entry of entries) {
    let line = lines.get(entry.modelId);
    if (!line) {
      const model = counts.get(entry.modelId);
      line = {
        id: entry.modelId,
        name: model?.name ?? entry.modelName,
        waiting: model?.waiting ?? 0,
        offered: model?.offered ?? 0,
        entries: [],
      };
      lines.set(entry.modelId, line);
    }
    line.entries.push(entry);
  }
  return [...lines.values()];
}

/** "Portable 12,000 BTU — 3 waiting, 1 offered". */
export const lineHeading = (line: ModelLine) => `${line.name} — ${line.waiting} waiting, ${line.offered} offered`;

/** The select's value for "no filter" (a Radix select item cannot have the empty value). */
export const ANY = 'all';

/** The model filter's choices; one chosen earlier stays listed after its line has emptied. */
export function modelOptions(list: Pick<AdminWaitlist, 'entries' | 'models'>, chosen: string): FilterOption[] {
  const options = list.models.map((model) => ({ value: model.id, label: model.name }));
  if (chosen !== ANY && !options.some((option) => option.value === chosen)) {
    const name = list.entries.find((entry) => entry.modelId === chosen)?.modelName ?? 'The chosen model';
    options.push({ value: chosen, label: name });
  }
  return [{ value: ANY, label: 'All models' }, ...options];
}

/** The area filter's choices: the server lists the areas of the entries shown, so the chosen one stays listed. */
export function areaOptions(areas: readonly string[], chosen: string): FilterOption[] {
  const listed = chosen === ANY || areas.includes(chosen) ? areas : [...areas, chosen];
  return [{ value: ANY, label: 'All areas' }, ...listed.map((area) => ({ value: area, label: area }))];
}

/** What the status badge leaves unsaid: how long an offer holds which unit, or when and why an entry ended. */
export function statusDetails(entry: AdminWaitlistEntry): string[] {
  if (entry.status === 'waiting') return [];
  if (entry.status === 'offered') {
    return [
      entry.offeredUntil ? `held until ${formatInstant(entry.offeredUntil)}` : 'held',
      entry.offeredUnitSerial ? `unit ${entry.offeredUnitSerial}` : null,
    ].filter((line) => line !== null);
  }
  return [entry.endedAt ? `on ${formatInstant(entry.endedAt)}` : null, entry.endedReason].filter(
    (line) => line !== null,
  );
}

/** Who can still be moved up (only those waiting) and removed (waiting, or holding an offer). */
export const canMoveUp = (entry: AdminWaitlistEntry) => entry.status === 'waiting';
export const canRemove = (entry: AdminWaitlistEntry) => entry.status === 'waiting' || entry.status === 'offered';

export const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
