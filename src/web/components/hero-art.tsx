import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/utils';
import { artVariant, UnitDrawing } from './product-art';

/**
 * The home page's hero picture, drawn for this site: a room on a hot day, the portable unit venting through the
 * window and cooling the room. Its box is fixed by aspect ratio, so the text beside it never moves.
 */
export function HeroArt({ className }: { className?: string }) {
  const { t } = useTranslation('visuals');
  return (
    <svg
      viewBox="0 0 480 400"
      role="img"
      aria-label={t('art.hero')}
      className={cn('aspect-[6/5] h-auto w-full', className)}
      focusable="false"
    >
      {/* wall and floor */}
      <rect x="0" y="0" width="480" height="400" rx="28" fill="#e3effb" />
      <path d="M0 318 H480 V372 a28 28 0 0 1 -28 28 H28 a28 28 0 0 1 -28 -28 Z" fill="#c7d9ec" />
      <rect x="0" y="312" width="480" height="8" fill="#b3c8df" />
      {/* window with the hot day outside */}
      <rect x="268" y="48" width="170" height="150" rx="8" fill="#fde68a" stroke="#ffffff" strokeWidth="10" />
      <circle cx="392" cy="96" r="24" fill="#f59e0b" />
      <g stroke="#f59e0b" strokeWidth="5" strokeLinecap="round">
        <path d="M392 58 v-8 M392 142 v-8 M354 96 h-8 M438 96 h-8 M365 69 l-6 -6 M419 123 l6 6 M419 69 l6 -6" />
      </g>
      <path d="M272 170 q30 -22 60 -8 t64 -6 t38 10 V194 H272 Z" fill="#fbbf24" opacity="0.55" />
      <line x1="353" y1="48" x2="353" y2="198" stroke="#ffffff" strokeWidth="6" />
      {/* window kit the hose vents through */}
      <rect x="268" y="176" width="60" height="20" rx="3" fill="#94a3b8" />
      {/* thermometer on the wall: cool inside */}
      <rect x="56" y="64" width="16" height="86" rx="8" fill="#ffffff" stroke="#94a3b8" strokeWidth="3" />
      <rect x="60" y="112" width="8" height="34" rx="4" fill="#38bdf8" />
      <circle cx="64" cy="154" r="12" fill="#38bdf8" stroke="#94a3b8" strokeWidth="3" />
      {/* bed */}
      <rect x="24" y="240" width="150" height="60" rx="10" fill="#ffffff" stroke="#94a3b8" strokeWidth="3" />
      <rect x="24" y="226" width="52" height="30" rx="10" fill="#dbe6f2" stroke="#94a3b8" strokeWidth="3" />
      <rect x="24" y="296" width="10" height="22" fill="#94a3b8" />
      <rect x="164" y="296" width="10" height="22" fill="#94a3b8" />
      {/* plant */}
      <rect x="440" y="280" width="26" height="34" rx="4" fill="#0b5fb0" />
      <path d="M453 280 c-18 -20 -14 -40 0 -52 c14 12 18 32 0 52 Z" fill="#15803d" />
      {/* the unit, its hose up to the window kit */}
      <path
        d="M262 214 C 282 206, 286 196, 296 188"
        fill="none"
        stroke="#94a3b8"
        strokeWidth="12"
        strokeLinecap="round"
      />
      <UnitDrawing variant={artVariant({ btuTier: '12-14k' })} x={176} y={150} width={144} height={180} />
      {/* cool air across the room */}
      <g fill="none" stroke="#38bdf8" strokeWidth="4" strokeLinecap="round" opacity="0.8">
        <path d="M176 240 q-16 -10 -32 0 t-32 0 t-32 0" />
        <path d="M176 262 q-16 -10 -32 0 t-32 0" />
      </g>
    </svg>
  );
}
