import { agreementSummary } from '@/contracts/agreement/text';

/**
 * The key terms shown above the agreement box at checkout. The server records the same text (with the full terms)
 * when the agreement is signed, so what was shown is what is kept.
 */
export function AgreementSummary() {
  return (
    <ul className="list-disc space-y-2 pl-5 text-sm leading-relaxed">
      {agreementSummary.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
