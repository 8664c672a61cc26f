import { useId, type ReactNode } from 'react';

/**
 * Small SVG charts for the Analytics tab, written by hand (no chart library): each is a <figure> whose SVG has a
 * <title> and <desc> for screen readers, and whose data are also in a table one click away.
 */
export const WIDTH = 640;
export const HEIGHT = 240;
export const PAD = { top: 16, right: 16, bottom: 36, left: 64 };
export const plotWidth = WIDTH - PAD.left - PAD.right;
export const plotHeight = HEIGHT - PAD.top - PAD.bottom;

export interface ChartColumn {
  label: string;
  format: (value: number) => string;
}

/** The frame every chart shares: caption, legend, the SVG drawing (`children`), its summary and its data table. */
export function ChartFigure({
  title,
  summary,
  columns,
  rows,
  legend,
  height = HEIGHT,
  children,
}: {
  title: string;
  summary: string;
  columns: ChartColumn[];
  rows: Array<{ label: string; values: number[] }>;
  legend?: ReactNode;
  /** The drawing's height in SVG units (its width is always WIDTH). */
  height?: number;
  children: ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    <figure
      className="grid content-start gap-3 rounded-xl border bg-card p-4 shadow-sm"
      aria-labelledby={`${id}-caption`}
    >
      <figcaption id={`${id}-caption`} className="font-semibold">
        {title}
      </figcaption>
      {legend}
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="h-auto w-full"
      >
        <title id={titleId}>{title}</title>
        {children}
      </svg>
      <p id={descId} className="sr-only">
        {summary}
      </p>
      <DataDetails title={title} columns={columns} rows={rows} />
    </figure>
  );
}

function DataDetails({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: ChartColumn[];
  rows: Array<{ label: string; values: number[] }>;
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">
        Show the data as a table
      </summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-1 pr-3 font-medium">
              Period
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="py-1 pr-3 text-right font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b last:border-0">
              <th scope="row" className="py-1 pr-3 font-normal">
                {row.label}
              </th>
              {row.values.map((value, index) => (
                <td key={columns[index]!.label} className="py-1 pr-3 text-right tabular-nums">
                  {columns[index]!.format(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
