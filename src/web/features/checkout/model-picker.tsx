import { useTranslation } from 'react-i18next';
import { formatCents } from '@/contracts/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import type { ModelStock } from './api';

export const isInStock = (item: ModelStock) => (item.stock?.available ?? 0) > 0;
export const isKnownOutOfStock = (item: ModelStock) => item.stock !== undefined && item.stock.available === 0;

/** A model card's height, kept by the loading state too. */
const cardSize = 'min-h-30 rounded-lg border border-input';

/**
 * The unit to rent, as radio cards with each model's live stock: an out-of-stock model cannot be chosen and says
 * so. Native radios (one tab stop, arrow keys between models) inside labels the size of the card.
 */
export function ModelPicker({
  items,
  selectedId,
  onSelect,
  loading,
  failed,
  onRetry,
  heldForYouId,
}: {
  items: ModelStock[];
  selectedId: string | undefined;
  /** The model of the unit a waitlist offer holds for this visitor: said so instead of its stock. */
  heldForYouId?: string | undefined;
  onSelect: (modelId: string) => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('checkout');
  if (loading) {
    // The list's own shape, with two cards' room kept (the reference catalog's two models): the form below does
    // not move when the models arrive.
    return (
      <div className="grid gap-3" role="status">
        <p className="text-lg font-semibold">{t('picker.legend')}</p>
        <p className="-mt-1 text-sm text-muted-foreground">
          {t('picker.description')}
          <span className="sr-only"> {t('picker.loading')}</span>
        </p>
        <div className="grid gap-3 sm:grid-cols-2" aria-hidden="true">
          <div className={cardSize} />
          <div className={cardSize} />
        </div>
      </div>
    );
  }
  if (failed && items.length === 0) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <p>{t('picker.loadError')}</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {t('picker.retry')}
        </Button>
      </div>
    );
  }
  const noneInStock = items.length > 0 && items.every(isKnownOutOfStock);
  return (
    <fieldset className="grid gap-3" aria-describedby="model-picker-description">
      <legend className="text-lg font-semibold">{t('picker.legend')}</legend>
      <p id="model-picker-description" className="-mt-1 text-sm text-muted-foreground">
        {t('picker.description')}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {items.map((item) => {
          const { model, stock } = item;
          const outOfStock = isKnownOutOfStock(item);
          const checked = selectedId === model.id;
          const statusId = `model-${model.id}-stock`;
          return (
            <label
              key={model.id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-4 transition-colors',
                cardSize,
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                checked && !outOfStock ? 'border-primary bg-primary/5' : 'border-input',
                outOfStock && 'cursor-not-allowed opacity-70',
              )}
            >
              <input
                type="radio"
                name="unitModel"
                value={model.id}
                checked={checked}
                disabled={outOfStock}
                aria-describedby={statusId}
                onChange={() => onSelect(model.id)}
                className="mt-1 size-4 accent-primary"
              />
              <span className="grid flex-1 gap-1">
                <span className="font-semibold">{model.name}</span>
                <span className="text-sm text-muted-foreground">
                  {t('picker.perMonth', { price: formatCents(model.monthlyPrice, { wholeDollars: true }) })}
                </span>
                <span id={statusId} className="flex flex-wrap gap-1">
                  {model.id === heldForYouId ? (
                    <Badge>{t('picker.heldForYou')}</Badge>
                  ) : stock === undefined ? (
                    <Badge variant="outline">{t('picker.checking')}</Badge>
                  ) : stock.available > 0 ? (
                    <Badge>{t('picker.available', { count: stock.available })}</Badge>
                  ) : (
                    <Badge variant="destructive">{t('picker.outOfStock')}</Badge>
                  )}
                  {stock && stock.held > 0 && (
                    <Badge variant="outline">{t('picker.onHold', { count: stock.held })}</Badge>
                  )}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {noneInStock && <p className="text-sm font-medium text-destructive">{t('picker.noneInStock')}</p>}
    </fieldset>
  );
}

/**
 * Create-session answered "out of stock" (409): the form is kept; this says so and offers the models in stock
 * now (from the live stock list) in one click.
 */
export function OutOfStockNotice({
  alternatives,
  onSwitch,
}: {
  alternatives: ModelStock[];
  onSwitch: (modelId: string) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm"
      id="out-of-stock-notice"
    >
      <p className="font-semibold">{t('outOfStock.title')}</p>
      <p>{t('outOfStock.body')}</p>
      {alternatives.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {alternatives.map(({ model }) => (
            <Button key={model.id} type="button" variant="outline" onClick={() => onSwitch(model.id)}>
              {t('outOfStock.switchTo', { name: model.name })}
            </Button>
          ))}
        </div>
      ) : (
        <p>{t('outOfStock.none')}</p>
      )}
    </div>
  );
}
