import { Building2, Check, Compass } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_LIMITS } from '../../../../domain/application-rules';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { useErrorText } from '../../../lib/error-text';
import { useApplyAsProvider, useChooseRole } from '../api/auth-mutations';

type Choice = 'visitor' | 'provider';

/**
 * The one-time role choice after the first login (docs/accounts.md#role-selection): visitor, or
 * provider with a company (required), phone and address.
 */
export function RoleSelectionForm({
  onDone,
  providerOnly = false,
}: {
  onDone: (role: Choice) => void;
  /** A visitor who applies to become a provider: only the provider card. */
  providerOnly?: boolean;
}) {
  const { t } = useTranslation('account');
  const [role, setRole] = useState<Choice>(providerOnly ? 'provider' : 'visitor');
  const [company, setCompany] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const choose = useChooseRole();
  // A visitor who applies later goes through the application (docs/accounts.md#becoming-a-provider).
  const apply = useApplyAsProvider();
  const errorText = useErrorText();
  const busy = choose.isPending || apply.isPending;
  const missingCompany = role === 'provider' && company.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missingCompany) return;
    const callbacks = {
      onSuccess: () => onDone(role),
      onError: (error: unknown) =>
        toast({
          title: t('role.errorTitle'),
          description: errorText(error, t('role.errorText')),
          variant: 'destructive',
        }),
    };
    const application = { company: company.trim(), phone: phone.trim(), address: address.trim() };
    if (providerOnly) apply.mutate(application, callbacks);
    else choose.mutate(role === 'visitor' ? { role } : { role, ...application }, callbacks);
  };

  const cards: { value: Choice; icon: typeof Compass }[] = providerOnly
    ? [{ value: 'provider', icon: Building2 }]
    : [
        { value: 'visitor', icon: Compass },
        { value: 'provider', icon: Building2 },
      ];

  return (
    <form onSubmit={submit} className="space-y-6">
      <fieldset>
        <legend className="sr-only">{t('role.legend')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {cards.map(({ value, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'relative flex cursor-pointer flex-col gap-2 rounded-3xl border-2 bg-white p-6 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-terracotta-600',
                role === value ? 'border-terracotta-600' : 'border-sand-200 hover:border-sand-300',
              )}
            >
              <input
                type="radio"
                name="role"
                value={value}
                checked={role === value}
                onChange={() => setRole(value)}
                className="sr-only"
              />
              <Icon aria-hidden className="h-8 w-8 text-terracotta-600" />
              <span className="text-lg font-semibold text-ink-900">{t(`role.${value}.title`)}</span>
              <span className="text-sm text-ink-600">{t(`role.${value}.text`)}</span>
              {role === value ? (
                <Check
                  aria-hidden
                  className="absolute right-4 top-4 h-5 w-5 rounded-full bg-terracotta-600 p-0.5 text-white"
                />
              ) : null}
            </label>
          ))}
        </div>
      </fieldset>

      {role === 'provider' ? (
        <div className="space-y-4 rounded-3xl bg-white p-6 ring-1 ring-sand-200">
          <div className="space-y-1">
            <label htmlFor="role-company" className="block text-sm font-semibold text-ink-900">
              {t('role.company')}{' '}
              <span aria-hidden className="text-red-700">
                *
              </span>
            </label>
            <Input
              id="role-company"
              required
              aria-required="true"
              maxLength={APPLICATION_LIMITS.company}
              autoComplete="organization"
              value={company}
              onChange={(e) => setCompany(e.target.value)}
            />
            <p className="text-xs text-ink-500">{t('role.companyHint')}</p>
          </div>
          <div className="space-y-1">
            <label htmlFor="role-phone" className="block text-sm font-semibold text-ink-900">
              {t('role.phone')}
            </label>
            <Input
              id="role-phone"
              type="tel"
              maxLength={APPLICATION_LIMITS.phone}
              autoComplete="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor="role-address" className="block text-sm font-semibold text-ink-900">
              {t('role.address')}
            </label>
            <Input
              id="role-address"
              maxLength={APPLICATION_LIMITS.address}
              autoComplete="street-address"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </div>
        </div>
      ) : null}

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={missingCompany || busy}>
        {t(providerOnly ? 'role.applySubmit' : 'role.submit')}
      </Button>
    </form>
  );
}
