import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { PublicLayout } from '../components/layout/public-layout';
import { LoginLink } from '../features/portal/login-link';
import { useDocumentTitle } from '../lib/use-document-title';

export default function LoginLinkPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { t } = useTranslation('account');
  useDocumentTitle(t('link.pageTitle'));
  return (
    <PublicLayout>
      <LoginLink token={token} />
    </PublicLayout>
  );
}
