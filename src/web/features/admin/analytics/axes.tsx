import { AXIS_STEPS } from './axis';
import { HEIGHT, PAD, plotHeight, plotWidth, WIDTH } from './chart-figure';

/** Gridlines with their values up the left, and the period labels along the bottom. */
export function Axes({ max, format, labels }: { max: number; format: (value: number) => string; labels: string[] }) {
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
