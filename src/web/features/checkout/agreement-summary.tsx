import { useTranslation } from 'react-i18next';
import { agreementClauses } from '@/contracts/agreement/text';
import { localeOrDefault } from '@/i18n/locale';

/**
 * The key terms shown above the agreement box at checkout, in the page's language. The server records the same
 * text (with the full terms) in the language it was signed in, so what was shown is what is kept.
 */
export function AgreementSummary() {
  const { i18n } = useTranslation();
  const { summary } = agreementClauses(localeOrDefault(i18n.language));
  return (
    <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed">
      {summary.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
