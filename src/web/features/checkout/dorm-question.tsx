import { useTranslation } from 'react-i18next';

/** The spec's dorm exclusion as a required yes/no question; "yes" shows the policy at once. */
export function DormQuestion({
  value,
  onChange,
  error,
}: {
  value: boolean | undefined;
  onChange: (value: boolean) => void;
  error?: string;
}) {
  const { t } = useTranslation('checkout');
  const errorId = 'checkout-dorm-error';
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend className="mb-1 text-sm leading-none font-medium">{t('dorm.question')}</legend>
      <div className="flex gap-6">
        {[
          ['no', false, t('dorm.no')],
          ['yes', true, t('dorm.yes')],
        ].map(([id, answer, label]) => (
          <label key={String(id)} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="deliveryToDorm"
              value={String(id)}
              checked={value === answer}
              onChange={() => onChange(answer as boolean)}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </div>
      {value === true && !error && <p className="text-sm font-medium text-destructive">{t('dorm.policy')}</p>}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
