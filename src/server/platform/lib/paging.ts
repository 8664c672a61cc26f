import type { Page } from '@/contracts/admin/common';

export function pageWindow(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export function toPage<T>(items: T[], total: number, query: { page: number; pageSize: number }): Page<T> {
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);
