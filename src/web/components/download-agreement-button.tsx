import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './ui/button';
import { toast } from './ui/use-toast';

type DownloadAgreementButtonProps = Pick<ButtonProps, 'size' | 'variant'> & { pdfUrl?: string | null };

/** The signed agreement's PDF; while there is none, pressing the button says so instead of doing nothing. */
export function DownloadAgreementButton({ pdfUrl, size, variant }: DownloadAgreementButtonProps) {
  const { t } = useTranslation();
  const label = (
    <>
      <Download aria-hidden="true" /> {t('ui.downloadAgreement')}
    </>
  );
  if (pdfUrl) {
    return (
      <Button asChild size={size} variant={variant}>
        <a href={pdfUrl} download>
          {label}
        </a>
      </Button>
    );
  }
  return (
    <Button
      size={size}
      variant={variant}
      onClick={() => toast({ title: t('ui.agreementUnavailable'), variant: 'destructive' })}
    >
      {label}
    </Button>
  );
}
