import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanType } from '@/contracts/admin/orders';
import { agreementClauses } from '@/contracts/agreement/text';
import { localeOrDefault } from '@/i18n/locale';

/**
 * The key terms shown above the agreement box (checkout, a phone order's page), in the page's language and for the
 * order's plan. The server records the same text (with the full terms) in the language it was signed in, so what
 * was shown is what is kept. Memoized: the checkout's form renders again with each answer its page gets, and the
 * terms change only with the plan.
 */
export const AgreementSummary = memo(function AgreementSummary({ planType = 'monthly' }: { planType?: PlanType }) {
  const { i18n } = useTranslation();
  const { summary } = agreementClauses(localeOrDefault(i18n.language), planType);
  return (
    <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed">
      {summary.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
});
