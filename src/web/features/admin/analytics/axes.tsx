import { AXIS_STEPS } from './axis';
import { LABEL_CLASS, type ChartFrame } from './chart-figure';

/** The room a period label needs along the bottom, in px, so neighbouring labels never touch. */
const LABEL_ROOM = 48;

/** Gridlines with their values up the left, and the period labels along the bottom (as many as fit). */
export function Axes({
  frame,
  max,
  format,
  labels,
}: {
  frame: ChartFrame;
  max: number;
  format: (value: number) => string;
  labels: string[];
}) {
  const { pad, plotWidth, plotHeight, width, height, compact } = frame;
  // On a phone, half the gridlines are labelled (the others are still drawn).
  const ticks = Array.from({ length: AXIS_STEPS + 1 }, (_, index) => index / AXIS_STEPS);
  const labelledTick = (index: number) => !compact || index % 2 === 0;
  const step = plotWidth / Math.max(labels.length, 1);
  // Every label when they fit; otherwise every second, third... counted back from the latest period.
  const every = Math.max(1, Math.ceil(LABEL_ROOM / step));
  const last = labels.length - 1;
  return (
    <g aria-hidden="true" className={LABEL_CLASS}>
      {ticks.map((tick, index) => {
        const y = pad.top + plotHeight * (1 - tick);
        return (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y} y2={y} className="stroke-border" />
            {labelledTick(index) && (
              <text x={pad.left - 6} y={y + 4} textAnchor="end" className="fill-muted-foreground">
                {format(max * tick)}
              </text>
            )}
          </g>
        );
      })}
      {labels.map((label, index) =>
        (last - index) % every === 0 ? (
          <text
            key={label}
            x={pad.left + step * (index + 0.5)}
            y={height - pad.bottom + 18}
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
