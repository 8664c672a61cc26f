import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from '@/web/lib/class-merge';

/** Joins class names and drops the ones a later class overrides (`cn('p-6 pt-0', 'pt-6')` → `p-6 pt-6`). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
