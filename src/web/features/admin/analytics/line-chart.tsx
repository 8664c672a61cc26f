import { Axes } from './axes';
import { axisTop } from './axis';
import { ChartFigure, type ChartFrame } from './chart-figure';

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
  const place = ({ pad, plotWidth, plotHeight }: ChartFrame) => {
    const step = plotWidth / Math.max(points.length, 1);
    return points.map((point, index) => ({
      x: pad.left + step * (index + 0.5),
      y: pad.top + plotHeight * (1 - point.value / max),
    }));
  };
  return (
    <ChartFigure
      title={title}
      summary={summary}
      columns={[{ label: valueLabel, format }]}
      rows={points.map((point) => ({ label: point.label, values: [point.value] }))}
    >
      {(frame) => {
        const xy = place(frame);
        return (
          <>
            <Axes frame={frame} max={max} format={format} labels={points.map((point) => point.label)} />
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
          </>
        );
      }}
    </ChartFigure>
  );
}
