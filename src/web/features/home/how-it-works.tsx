import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeSection } from './home-section';

/** Small drawings for the four steps, made for this site (48×48, theme colours). */
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const icons: Record<Step, ReactNode> = {
  order: (
    <>
      <rect x="12" y="6" width="24" height="36" rx="4" {...stroke} />
      <path d="M18 16 h12 M18 23 h12 M18 30 h6" {...stroke} />
      <circle cx="34" cy="34" r="8" fill="var(--success)" />
      <path d="M30.5 34 l2.5 2.5 l4.5 -5" {...stroke} stroke="#ffffff" strokeWidth="2" />
    </>
  ),
  delivery: (
    <>
      <path d="M4 14 h24 v18 H4 Z" {...stroke} />
      <path d="M28 20 h8 l6 7 v5 h-14" {...stroke} />
      <circle cx="13" cy="35" r="4" {...stroke} fill="var(--background)" />
      <circle cx="35" cy="35" r="4" {...stroke} fill="var(--background)" />
      <rect x="10" y="18" width="10" height="10" rx="2" fill="currentColor" opacity="0.25" />
    </>
  ),
  cool: (
    <>
      <rect x="8" y="8" width="20" height="32" rx="4" {...stroke} />
      <path d="M13 14 h10 M13 18 h10" {...stroke} strokeWidth="2" />
      <rect x="12" y="24" width="12" height="11" rx="2" fill="currentColor" opacity="0.25" />
      <path d="M33 16 q5 4 0 8 t0 8 M39 13 q5 4 0 8 t0 8 t0 8" {...stroke} stroke="#38bdf8" />
    </>
  ),
  pickup: (
    <>
      <path d="M24 6 l16 8 v20 l-16 8 l-16 -8 V14 Z" {...stroke} />
      <path d="M8 14 l16 8 l16 -8 M24 22 v20" {...stroke} />
      <path d="M30 9.5 l-16 8" {...stroke} strokeWidth="2" opacity="0.6" />
    </>
  ),
};

const steps = ['order', 'delivery', 'cool', 'pickup'] as const;
type Step = (typeof steps)[number];

/** Home: order → delivery → cool → pickup, four numbered steps. */
export function HowItWorks() {
  const { t } = useTranslation('visuals');
  return (
    <HomeSection id="how-it-works-title" title={t('howItWorks.title')}>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{t('howItWorks.intro')}</p>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step} className="flex flex-col items-center rounded-xl border bg-card p-6 text-center">
            <svg
              viewBox="0 0 48 48"
              width="56"
              height="56"
              aria-hidden="true"
              focusable="false"
              className="text-primary"
            >
              {icons[step]}
            </svg>
            <h3 className="mt-3 text-lg font-semibold">
              <span className="text-primary">{index + 1}.</span> {t(`howItWorks.steps.${step}.title`)}
            </h3>
            <p className="mt-2 text-sm text-muted-foreground">{t(`howItWorks.steps.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
