import { ChartFigure, WIDTH } from './chart-figure';

const ROW_HEIGHT = 44;
const LABEL_WIDTH = 220;
const BAR_SPACE = WIDTH - LABEL_WIDTH - 72;

interface ModelUse {
  name: string;
  inService: number;
  rented: number;
}

const share = (model: ModelUse) => (model.inService === 0 ? 0 : model.rented / model.inService);
const percent = (value: number) => `${Math.round(value * 100)}%`;
const count = (value: number) => value.toLocaleString('en-US');

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
      height={Math.max(models.length, 1) * ROW_HEIGHT + 8}
    >
      {models.map((model, index) => {
        const y = index * ROW_HEIGHT + 8;
        return (
          <g key={model.name}>
            <text x={0} y={y + 20} className="fill-foreground text-[13px]">
              {model.name.length > 30 ? `${model.name.slice(0, 29)}…` : model.name}
            </text>
            <rect x={LABEL_WIDTH} y={y + 6} width={BAR_SPACE} height={20} rx={3} className="fill-muted" />
            <rect
              x={LABEL_WIDTH}
              y={y + 6}
              width={BAR_SPACE * share(model)}
              height={20}
              rx={3}
              className="fill-primary"
            />
            <text x={LABEL_WIDTH + BAR_SPACE + 8} y={y + 21} className="fill-foreground text-[13px] tabular-nums">
              {percent(share(model))}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
