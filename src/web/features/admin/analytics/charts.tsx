import { useId, type ReactNode } from 'react';
import { AXIS_STEPS, axisTop } from './axis';

/**
 * Small SVG charts for the Analytics tab, written by hand (no chart library): each is a <figure> whose SVG has a
 * <title> and <desc> for screen readers, and whose data are also in a table one click away.
 */
const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 36, left: 64 };
const plotWidth = WIDTH - PAD.left - PAD.right;
const plotHeight = HEIGHT - PAD.top - PAD.bottom;

export interface ChartColumn {
  label: string;
  format: (value: number) => string;
}

function ChartFigure({
  title,
  summary,
  columns,
  rows,
  legend,
  children,
}: {
  title: string;
  summary: string;
  columns: ChartColumn[];
  rows: Array<{ label: string; values: number[] }>;
  legend?: ReactNode;
  children: (ids: { titleId: string; descId: string }) => ReactNode;
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
      {children({ titleId, descId })}
      <p id={descId} className="sr-only">
        {summary}
      </p>
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
    </figure>
  );
}

function Axes({ max, format, labels }: { max: number; format: (value: number) => string; labels: string[] }) {
  const ticks = Array.from({ length: AXIS_STEPS + 1 }, (_, index) => index / AXIS_STEPS);
  const step = plotWidth / labels.length;
  // Every label when they fit; otherwise every other one.
  const every = labels.length > 12 ? 2 : 1;
  return (
    <g aria-hidden="true" className="text-[11px]">
      {ticks.map((tick) => {
        const y = PAD.top + plotHeight * (1 - tick);
        return (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="stroke-border" />
            <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="fill-muted-foreground">
              {format(max * tick)}
            </text>
          </g>
        );
      })}
      {labels.map((label, index) =>
        index % every === 0 ? (
          <text
            key={label}
            x={PAD.left + step * (index + 0.5)}
            y={HEIGHT - PAD.bottom + 18}
            textAnchor="middle"
            className="fill-muted-foreground"
          >
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** A line over periods (a value per month, say), with a dot per point. */
export function LineChart({
  title,
  summary,
  points,
  valueLabel,
  format,
  minStep = 1,
}: {
  title: string;
  summary: string;
  points: Array<{ label: string; value: number }>;
  valueLabel: string;
  format: (value: number) => string;
  /** The smallest gridline step: 1 for counts, 100 (a dollar) for cents. */
  minStep?: number;
}) {
  const max = axisTop(Math.max(...points.map((point) => point.value)), minStep);
  const step = plotWidth / Math.max(points.length, 1);
  const xy = points.map((point, index) => ({
    x: PAD.left + step * (index + 0.5),
    y: PAD.top + plotHeight * (1 - point.value / max),
  }));
  return (
    <ChartFigure
      title={title}
      summary={summary}
      columns={[{ label: valueLabel, format }]}
      rows={points.map((point) => ({ label: point.label, values: [point.value] }))}
    >
      {({ titleId, descId }) => (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className="h-auto w-full"
        >
          <title id={titleId}>{title}</title>
          <Axes max={max} format={format} labels={points.map((point) => point.label)} />
          <polyline
            points={xy.map(({ x, y }) => `${x},${y}`).join(' ')}
            fill="none"
            strokeWidth={2.5}
            strokeLinejoin="round"
            className="stroke-primary"
          />
          {xy.map(({ x, y }, index) => (
            <circle key={points[index]!.label} cx={x} cy={y} r={3.5} className="fill-primary">
              <title>{`${points[index]!.label}: ${format(points[index]!.value)}`}</title>
            </circle>
          ))}
        </svg>
      )}
    </ChartFigure>
  );
}

const seriesClasses = ['fill-primary', 'fill-success'];

/** Bars per period; with several series, the bars of one period stand side by side. */
export function BarChart({
  title,
  summary,
  series,
  groups,
  format,
  minStep = 1,
}: {
  title: string;
  summary: string;
  series: string[];
  groups: Array<{ label: string; values: number[] }>;
  format: (value: number) => string;
  /** The smallest gridline step: 1 for counts, 100 (a dollar) for cents. */
  minStep?: number;
}) {
  const max = axisTop(Math.max(...groups.flatMap((group) => group.values)), minStep);
  const step = plotWidth / Math.max(groups.length, 1);
  const barWidth = (step * 0.7) / series.length;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      columns={series.map((name) => ({ label: name, format }))}
      rows={groups}
      legend={
        series.length > 1 && (
          <ul className="flex flex-wrap gap-4 text-sm" aria-label="Legend">
            {series.map((name, index) => (
              <li key={name} className="flex items-center gap-2">
                <svg aria-hidden="true" className="size-3">
                  <rect width="12" height="12" rx="2" className={seriesClasses[index]} />
                </svg>
                {name}
              </li>
            ))}
          </ul>
        )
      }
    >
      {({ titleId, descId }) => (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className="h-auto w-full"
        >
          <title id={titleId}>{title}</title>
          <Axes max={max} format={format} labels={groups.map((group) => group.label)} />
          {groups.map((group, groupIndex) =>
            group.values.map((value, seriesIndex) => {
              const height = (plotHeight * value) / max;
              return (
                <rect
                  key={`${group.label}-${series[seriesIndex]}`}
                  x={PAD.left + step * groupIndex + step * 0.15 + barWidth * seriesIndex}
                  y={PAD.top + plotHeight - height}
                  width={barWidth}
                  height={height}
                  rx={2}
                  className={seriesClasses[seriesIndex % seriesClasses.length]}
                >
                  <title>{`${group.label}, ${series[seriesIndex]}: ${format(value)}`}</title>
                </rect>
              );
            }),
          )}
        </svg>
      )}
    </ChartFigure>
  );
}

/** One horizontal bar per model: the share of its units in service that are rented. */
export function UtilisationChart({
  title,
  summary,
  models,
}: {
  title: string;
  summary: string;
  models: Array<{ name: string; inService: number; rented: number }>;
}) {
  const rowHeight = 44;
  const labelWidth = 220;
  const barSpace = WIDTH - labelWidth - 72;
  const height = Math.max(models.length, 1) * rowHeight + 8;
  const share = (model: { inService: number; rented: number }) =>
    model.inService === 0 ? 0 : model.rented / model.inService;
  const percent = (value: number) => `${Math.round(value * 100)}%`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      columns={[
        { label: 'Rented', format: (value) => value.toLocaleString('en-US') },
        { label: 'In service', format: (value) => value.toLocaleString('en-US') },
        { label: 'Utilisation', format: percent },
      ]}
      rows={models.map((model) => ({ label: model.name, values: [model.rented, model.inService, share(model)] }))}
    >
      {({ titleId, descId }) => (
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className="h-auto w-full"
        >
          <title id={titleId}>{title}</title>
          {models.map((model, index) => {
            const y = index * rowHeight + 8;
            return (
              <g key={model.name}>
                <text x={0} y={y + 20} className="fill-foreground text-[13px]">
                  {model.name.length > 30 ? `${model.name.slice(0, 29)}…` : model.name}
                </text>
                <rect x={labelWidth} y={y + 6} width={barSpace} height={20} rx={3} className="fill-muted" />
                <rect
                  x={labelWidth}
                  y={y + 6}
                  width={barSpace * share(model)}
                  height={20}
                  rx={3}
                  className="fill-primary"
                />
                <text x={labelWidth + barSpace + 8} y={y + 21} className="fill-foreground text-[13px] tabular-nums">
                  {percent(share(model))}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </ChartFigure>
  );
}
