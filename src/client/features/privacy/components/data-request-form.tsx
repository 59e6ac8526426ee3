import { AlertCircle, MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmailAddress } from '../../../../domain/contact-rules';
import type { Language } from '../../../../domain/languages';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useErrorText } from '../../../lib/error-text';
import { taggedText } from '../../../lib/tagged-text';
import { useLoginHref } from '../../../lib/use-login-href';
import { useRequestDataLink } from '../api/request-data-link';

/**
 * A visitor without an account asks for a link to what the guide holds under their address
 * (docs/privacy.md#download-my-data). The answer says the same whatever is held: nothing is shown
 * here, the link goes to the mailbox.
 */
export function DataRequestForm({ language }: { language: Language }) {
  const { t } = useTranslation('privacy');
  const loginHref = useLoginHref();
  const errorText = useErrorText();
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const request = useRequestDataLink();

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-ink-900">
        {t('request.title')}
      </h3>
      <p className="text-sm text-ink-700">{t('request.intro')}</p>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const address = email.trim();
          if (!isEmailAddress(address)) return setInvalid(true);
          request.mutate({ email: address, language });
        }}
      >
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium text-ink-900">
            {t('request.label')}
          </label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-email-error` : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setInvalid(false);
              if (!request.isIdle) request.reset();
            }}
            className="max-w-md"
          />
          {invalid ? (
            <p id={`${id}-email-error`} className="mt-1 text-sm text-red-800">
              {t('request.invalid')}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={request.isPending} aria-busy={request.isPending}>
          {request.isPending ? t('request.sending') : t('request.submit')}
        </Button>
      </form>
      <div role="status" className="empty:hidden">
        {request.isSuccess ? (
          <p className="flex gap-2 rounded-2xl bg-emerald-50 p-3 text-sm text-emerald-900">
            <MailCheck aria-hidden className="h-5 w-5 shrink-0" />
            {t('request.sent')}
          </p>
        ) : null}
      </div>
      <div role="alert" className="empty:hidden">
        {request.isError ? (
          <p className="flex gap-2 rounded-2xl bg-red-50 p-3 text-sm text-red-900">
            <AlertCircle aria-hidden className="h-5 w-5 shrink-0" />
            {errorText(request.error, t('request.failed'))}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-ink-700">
        {taggedText(t('request.login'), {
          login: (inner) => (
            <a href={loginHref} className="font-medium text-terracotta-700 underline">
              {inner}
            </a>
          ),
        })}
      </p>
    </section>
  );
}
