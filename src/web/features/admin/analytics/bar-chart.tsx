import { Axes } from './axes';
import { axisTop } from './axis';
import { ChartFigure } from './chart-figure';

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
  return (
    <ChartFigure
      title={title}
      summary={summary}
      columns={series.map((name) => ({ label: name, format }))}
      rows={groups}
      legend={series.length > 1 && <Legend series={series} />}
    >
      {(frame) => {
        const { pad, plotWidth, plotHeight } = frame;
        const step = plotWidth / Math.max(groups.length, 1);
        const barWidth = (step * 0.7) / series.length;
        return (
          <>
            <Axes frame={frame} max={max} format={format} labels={groups.map((group) => group.label)} />
            {groups.map((group, groupIndex) =>
              group.values.map((value, seriesIndex) => {
                const height = (plotHeight * value) / max;
                return (
                  <rect
                    key={`${group.label}-${series[seriesIndex]}`}
                    x={pad.left + step * groupIndex + step * 0.15 + barWidth * seriesIndex}
                    y={pad.top + plotHeight - height}
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
          </>
        );
      }}
    </ChartFigure>
  );
}

function Legend({ series }: { series: string[] }) {
  return (
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
  );
}
