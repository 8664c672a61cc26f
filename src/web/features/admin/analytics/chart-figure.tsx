import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * Small SVG charts for the Analytics tab, written by hand (no chart library): each is a <figure> whose SVG has a
 * <title> and <desc> for screen readers, and whose data are also in a table one click away.
 *
 * A chart is drawn at the width it is shown at (one SVG unit is one CSS pixel), never scaled down: its labels keep
 * their size on a phone, and a narrow chart labels fewer periods instead of shrinking them.
 */
export const WIDTH = 640;
export const HEIGHT = 240;
/** Below this width a chart is compact: a narrower value axis, and labels placed to fit. */
const COMPACT_WIDTH = 480;
/** The smallest width a chart is drawn at (a 320 px phone's card); narrower, it scrolls in its own box. */
const MIN_WIDTH = 260;
/** The size of every label on a chart, in px: legible on a phone. */
export const LABEL_CLASS = 'text-[12px]';

/** Where a chart draws: its size in px and the plot area inside the axes. */
export interface ChartFrame {
  width: number;
  height: number;
  compact: boolean;
  pad: { top: number; right: number; bottom: number; left: number };
  plotWidth: number;
  plotHeight: number;
}

function chartFrame(width: number, height: number): ChartFrame {
  const compact = width < COMPACT_WIDTH;
  const pad = { top: 16, right: compact ? 20 : 16, bottom: 36, left: compact ? 52 : 64 };
  return {
    width,
    height,
    compact,
    pad,
    plotWidth: width - pad.left - pad.right,
    plotHeight: height - pad.top - pad.bottom,
  };
}

/** The width of the element, in whole px, as it is laid out now (WIDTH until it has been measured). */
function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = Math.floor(element.clientWidth);
      if (next > 0) setWidth(next);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, width: Math.max(width, MIN_WIDTH) };
}

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
  height = () => HEIGHT,
  children,
}: {
  title: string;
  summary: string;
  columns: ChartColumn[];
  rows: Array<{ label: string; values: number[] }>;
  legend?: ReactNode;
  /** The drawing's height in px for a width (charts whose rows wrap on a phone grow taller there). */
  height?: (compact: boolean) => number;
  /** The drawing, for the frame it is drawn in. */
  children: (frame: ChartFrame) => ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const { ref, width } = useWidth<HTMLDivElement>();
  const frame = chartFrame(width, height(width < COMPACT_WIDTH));
  return (
    <figure
      className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 shadow-sm"
      aria-labelledby={`${id}-caption`}
    >
      <figcaption id={`${id}-caption`} className="font-semibold">
        {title}
      </figcaption>
      {legend}
      <div ref={ref} className="min-w-0 overflow-x-auto [contain:inline-size]">
        <svg
          width={frame.width}
          height={frame.height}
          viewBox={`0 0 ${frame.width} ${frame.height}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className="block"
        >
          <title id={titleId}>{title}</title>
          {children(frame)}
        </svg>
      </div>
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
      <div className="mt-2 overflow-x-auto [contain:inline-size]">
        <table className="w-full text-left">
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
      </div>
    </details>
  );
}
