import { useTranslation } from 'react-i18next';

/**
 * The business facts of src/contracts/business.ts that pages show (office hours, area), in the reader's
 * language. The data stays English (the server, the agreement and the e-mails use it); the English catalog holds
 * the same words (business-facts.test.ts).
 */
export function useBusinessFacts(): { officeHours: string; area: string } {
  const { t } = useTranslation();
  return { officeHours: t('facts.officeHours'), area: t('facts.area') };
}
