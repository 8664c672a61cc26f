/** Gridlines above zero on every chart's y axis. */
export const AXIS_STEPS = 4;

/**
 * The top of a chart's y axis: four equal steps of 1, 2 or 5 times a power of ten (never below `minStep`), enough
 * to hold `value`, so every gridline reads as a round number.
 */
export function axisTop(value: number, minStep = 1): number {
  const rough = Math.max(value / AXIS_STEPS, minStep);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  return step * AXIS_STEPS;
}
