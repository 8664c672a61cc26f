import { CircleCheck } from 'lucide-react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactMessageInput } from '@/contracts/contact';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { currentLocale } from '@/web/i18n';
import { useServerMessage } from '@/web/i18n/server-message';
import { useHydrated } from '@/web/lib/use-hydrated';
import { useSendContactMessage } from './api';

const empty = { name: '', email: '', phone: '', message: '', website: '' };

const loadValidation = () => import('./contact-validation');

/** The schema's check, from its own chunk (contact-validation.ts): loaded on the form's first focus, else when sent. */
const contactResolver: Resolver<ContactMessageInput> = async (values, context, options) =>
  (await loadValidation()).contactResolver(values, context, options);

/** A message to the owner: name, e-mail, an optional phone and the message; the server's words on failure. */
export function ContactForm() {
  const form = useForm<ContactMessageInput>({ resolver: contactResolver, defaultValues: empty });
  const send = useSendContactMessage();
  const { errors } = form.formState;
  const { t } = useTranslation('contact');
  // The schema's and the server's messages are English; shown in the reader's language.
  const message = useServerMessage();
  const hydrated = useHydrated();

  if (send.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-start gap-3">
        <p className="flex items-center gap-2 font-medium">
          <CircleCheck aria-hidden="true" className="size-5 text-primary" />
          {message(send.data.message)}
        </p>
        <Button
          variant="outline"
          onClick={() => {
            form.reset(empty);
            send.reset();
          }}
        >
          {t('form.sendAnother')}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onFocus={() => void loadValidation().catch(() => undefined)}
      onSubmit={form.handleSubmit((values) => send.mutate({ ...values, locale: currentLocale() }))}
      className="grid gap-4"
    >
      <Field id="contact-name" label={t('form.name')} error={message(errors.name?.message)}>
        {(props) => <Input {...props} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field id="contact-email" label={t('form.email')} error={message(errors.email?.message)}>
        {(props) => <Input {...props} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field id="contact-phone" label={t('form.phone')} error={message(errors.phone?.message)}>
        {(props) => <Input {...props} type="tel" autoComplete="tel" {...form.register('phone')} />}
      </Field>
      <Field id="contact-message" label={t('form.message')} error={message(errors.message?.message)}>
        {(props) => <Textarea {...props} rows={5} {...form.register('message')} />}
      </Field>
      {/* The spam trap: off screen, out of the tab order and hidden from screen readers; only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
      </div>
      {send.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {message(send.error.message)}
        </p>
      )}
      <Button type="submit" size="lg" disabled={send.isPending || !hydrated}>
        {send.isPending ? t('form.sending') : t('form.send')}
      </Button>
    </form>
  );
}
