import { Fragment, type ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import { EmptyRow, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

export interface Column {
  label: string;
  className?: string;
  /** Named for screen readers only (the actions column). */
  srOnly?: boolean;
}

export const actionsColumn: Column = { label: 'Actions', srOnly: true };

/** A table of rows with one header row, and one line saying so when there are none. */
export function DataTable<T extends { id: string }>({
  columns,
  rows,
  empty,
  busy,
  children,
}: {
  columns: readonly Column[];
  rows: readonly T[];
  empty: string;
  /** Set while a new page or filter loads over the rows shown. */
  busy?: boolean;
  /** One <TableRow> for a row. */
  children: (row: T) => ReactNode;
}) {
  return (
    <Table aria-busy={busy}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.label} className={column.className}>
              {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && <EmptyRow columns={columns.length}>{empty}</EmptyRow>}
        {rows.map((row) => (
          <Fragment key={row.id}>{children(row)}</Fragment>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The last cell of a row, holding its buttons. It keeps to the right edge of the table's box: on a phone a wide
 * table scrolls sideways, and the row's buttons stay on the screen all the same (issue 33).
 */
export function ActionsCell({ className, children }: { className?: string; children: ReactNode }) {
  return <TableCell className={cn('sticky right-0 bg-card text-right', className)}>{children}</TableCell>;
}

/** The last cell of a row that opens the row's record ("View Maria Gonzalez"). */
export function ViewCell({ label, pressed, onView }: { label: string; pressed?: boolean; onView: () => void }) {
  return (
    <ActionsCell>
      <Button size="sm" variant="outline" aria-label={label} aria-pressed={pressed} onClick={onView}>
        View
      </Button>
    </ActionsCell>
  );
}
