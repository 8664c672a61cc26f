import { ChartFigure, LABEL_CLASS, type ChartFrame } from './chart-figure';

/** A row per model: its name beside the bar, or above it on a narrow (compact) chart. */
const ROW_HEIGHT = { wide: 44, compact: 52 };
const LABEL_WIDTH = 220;
/** Room for the percentage after the bar. */
const VALUE_WIDTH = 52;

interface ModelUse {
  name: string;
  inService: number;
  rented: number;
}

const share = (model: ModelUse) => (model.inService === 0 ? 0 : model.rented / model.inService);
const percent = (value: number) => `${Math.round(value * 100)}%`;
const count = (value: number) => value.toLocaleString('en-US');

function ModelRow({ model, index, frame }: { model: ModelUse; index: number; frame: ChartFrame }) {
  const { compact, width } = frame;
  const rowHeight = compact ? ROW_HEIGHT.compact : ROW_HEIGHT.wide;
  const y = index * rowHeight + 8;
  // Compact: the name on its own line, the bar under it across the width; wide: the name in a column of its own.
  const barX = compact ? 0 : LABEL_WIDTH;
  const barY = compact ? y + 22 : y + 6;
  const barSpace = width - barX - VALUE_WIDTH;
  const maxChars = compact ? Math.floor(width / 7.5) : 30;
  return (
    <g>
      <text x={0} y={y + (compact ? 14 : 20)} className="fill-foreground">
        {model.name.length > maxChars ? `${model.name.slice(0, maxChars - 1)}…` : model.name}
      </text>
      <rect x={barX} y={barY} width={barSpace} height={20} rx={3} className="fill-muted" />
      <rect x={barX} y={barY} width={barSpace * share(model)} height={20} rx={3} className="fill-primary" />
      <text x={barX + barSpace + 8} y={barY + 15} className="fill-foreground tabular-nums">
        {percent(share(model))}
      </text>
    </g>
  );
}

/** One horizontal bar per model: the share of its units in service that are rented. */
export function UtilisationChart({ title, summary, models }: { title: string; summary: string; models: ModelUse[] }) {
  return (
    <ChartFigure
      title={title}
      summary={summary}
      columns={[
        { label: 'Rented', format: count },
        { label: 'In service', format: count },
        { label: 'Utilisation', format: percent },
      ]}
      rows={models.map((model) => ({ label: model.name, values: [model.rented, model.inService, share(model)] }))}
      height={(compact) => Math.max(models.length, 1) * (compact ? ROW_HEIGHT.compact : ROW_HEIGHT.wide) + 8}
    >
      {(frame) => (
        <g className={`${LABEL_CLASS} sm:text-[13px]`}>
          {models.map((model, index) => (
            <ModelRow key={model.name} model={model} index={index} frame={frame} />
          ))}
        </g>
      )}
    </ChartFigure>
  );
}
