import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/utils';

/** What the picture of a unit model is drawn from: its tier sets the size and details, a photo replaces it all. */
export interface ProductArtModel {
  name: string;
  btuTier: string;
  hoseType?: string | null;
  photoUrl?: string | null;
}

const sizes = {
  sm: { width: 72, height: 90 },
  md: { width: 128, height: 160 },
  lg: { width: 176, height: 220 },
} as const;

/** The tier's thousands of BTU ('12-14k' → 14, '10k' → 10); unknown tiers draw as the compact unit. */
function topBtuThousands(btuTier: string): number {
  const numbers = btuTier.match(/\d+/g)?.map(Number) ?? [];
  return numbers.length > 0 ? Math.max(...numbers) : 10;
}

interface Variant {
  /** Body width and height in the 160×200 drawing. */
  bodyWidth: number;
  bodyHeight: number;
  dualHose: boolean;
  /** The accent panel's colour (a theme token) and the number of grille slats. */
  accent: string;
  slats: number;
}

/** Bigger tiers draw a taller, wider unit with more grille and a darker panel; dual-hose models get two hoses. */
export function artVariant(model: Pick<ProductArtModel, 'btuTier' | 'hoseType'>): Variant {
  const btu = topBtuThousands(model.btuTier);
  const large = btu >= 12;
  return {
    bodyWidth: large ? 92 : 80,
    bodyHeight: large ? 150 : 128,
    dualHose: model.hoseType ? model.hoseType === 'dual' : large,
    accent: large ? 'var(--brand-dark)' : 'var(--primary)',
    slats: large ? 6 : 4,
  };
}

/**
 * A unit model's picture: the uploaded photo when it has one, else a drawing made for this site (inline SVG, no
 * download). Always the same box (width and height set), so nothing moves when it appears. `decorative` when the
 * model's name is printed beside it: screen readers then skip it instead of reading the name twice. Without a model
 * yet (still loading) it keeps the box empty.
 */
export function ProductArt({
  model,
  size = 'md',
  decorative = false,
  className,
}: {
  model: ProductArtModel | undefined;
  size?: keyof typeof sizes;
  decorative?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('visuals');
  const { width, height } = sizes[size];
  if (!model) {
    return <span aria-hidden="true" className={cn('inline-block shrink-0', className)} style={{ width, height }} />;
  }
  if (model.photoUrl) {
    return (
      <img
        src={model.photoUrl}
        width={width}
        height={height}
        alt={decorative ? '' : t('art.unitPhoto', { name: model.name })}
        loading="lazy"
        decoding="async"
        className={cn('shrink-0 rounded-lg object-contain', className)}
        style={{ width, height }}
      />
    );
  }
  return (
    <UnitDrawing
      variant={artVariant(model)}
      width={width}
      height={height}
      label={decorative ? undefined : t('art.unit', { name: model.name })}
      className={className}
    />
  );
}

/** The drawing itself; `x`/`y` place it inside a bigger drawing (the home page's hero). */
export function UnitDrawing({
  variant,
  width,
  height,
  label,
  className,
  x: left,
  y: top,
}: {
  variant: Variant;
  width: number;
  height: number;
  label?: string;
  className?: string;
  x?: number;
  y?: number;
}) {
  const gradientId = useId();
  const { bodyWidth: w, bodyHeight: h, dualHose, accent, slats } = variant;
  const x = (160 - w) / 2 - 10;
  const y = 186 - h;
  const grilleTop = y + 14;
  const slatGap = 7;
  const panelY = grilleTop + slats * slatGap + 8;
  const ventY = panelY + 26;
  const ventHeight = h - (ventY - y) - 16;
  const hoseStart = y + 30;
  return (
    <svg
      viewBox="0 0 160 200"
      x={left}
      y={top}
      width={width}
      height={height}
      className={cn('shrink-0', className)}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#dbe6f2" />
        </linearGradient>
      </defs>
      {/* floor shadow */}
      <ellipse cx={x + w / 2} cy="192" rx={w / 2 + 10} ry="5" fill="#0f172a" opacity="0.12" />
      {/* exhaust hose(s) from the back, up towards a window */}
      <path
        d={`M${x + w - 6} ${hoseStart} C ${x + w + 26} ${hoseStart - 4}, ${x + w + 18} 40, 150 22`}
        fill="none"
        stroke="#94a3b8"
        strokeWidth="9"
        strokeLinecap="round"
        strokeDasharray="2.5 2"
      />
      {dualHose && (
        <path
          d={`M${x + w - 6} ${hoseStart + 22} C ${x + w + 36} ${hoseStart + 18}, ${x + w + 30} 56, 152 40`}
          fill="none"
          stroke="#b6c2d1"
          strokeWidth="9"
          strokeLinecap="round"
          strokeDasharray="2.5 2"
        />
      )}
      {/* body */}
      <rect x={x} y={y} width={w} height={h} rx="12" fill={`url(#${gradientId})`} stroke="#94a3b8" strokeWidth="2" />
      {/* top grille */}
      {Array.from({ length: slats }, (_, i) => (
        <rect
          key={i}
          x={x + 12}
          y={grilleTop + i * slatGap}
          width={w - 24}
          height="3"
          rx="1.5"
          fill="#94a3b8"
          opacity="0.7"
        />
      ))}
      {/* control panel: display and buttons */}
      <rect x={x + 10} y={panelY} width={w - 20} height="16" rx="4" fill={accent} />
      <rect x={x + 15} y={panelY + 4} width="18" height="8" rx="2" fill="#7dd3fc" />
      <circle cx={x + w - 28} cy={panelY + 8} r="2.5" fill="#ffffff" opacity="0.9" />
      <circle cx={x + w - 18} cy={panelY + 8} r="2.5" fill="#ffffff" opacity="0.9" />
      {/* front air vent with louvres */}
      <rect x={x + 10} y={ventY} width={w - 20} height={ventHeight} rx="6" fill="#e2e8f0" stroke="#cbd5e1" />
      {Array.from({ length: Math.max(3, Math.floor(ventHeight / 9)) }, (_, i) => (
        <line
          key={i}
          x1={x + 16}
          x2={x + w - 16}
          y1={ventY + 7 + i * 9}
          y2={ventY + 7 + i * 9}
          stroke="#94a3b8"
          strokeWidth="2"
          strokeLinecap="round"
        />
      ))}
      {/* cool air */}
      <g fill="none" stroke="#38bdf8" strokeWidth="2.5" strokeLinecap="round" opacity="0.85">
        <path d={`M${x - 4} ${ventY + 8} q -8 6 0 12 t 0 12`} />
        <path d={`M${x - 14} ${ventY + 2} q -8 6 0 12 t 0 12 t 0 12`} />
      </g>
      {/* casters */}
      <circle cx={x + 14} cy={y + h + 3} r="5" fill="#475569" />
      <circle cx={x + w - 14} cy={y + h + 3} r="5" fill="#475569" />
    </svg>
  );
}
