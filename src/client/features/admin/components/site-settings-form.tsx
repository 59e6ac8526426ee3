import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SITE_SETTING_KEYS,
  type SiteSettingKey,
  type SiteSettingsAnswer,
  type SiteSettingsPatch,
  siteSettingsPatchBody,
} from '../../../../domain/site-settings';
import { RETENTION_MONTHS_MAX, RETENTION_MONTHS_MIN } from '../../../../domain/privacy';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { useSaveSiteSettings, useSiteSettings } from '../api/site-settings';

type Fields = Record<SiteSettingKey, { text: string; useDefault: boolean }>;
type Errors = Partial<Record<SiteSettingKey, string>>;

const INPUT_TYPE: Record<SiteSettingKey, string> = {
  contactEmail: 'email',
  contactPhone: 'tel',
  senderName: 'text',
  teamInbox: 'email',
  dataLicence: 'text',
  dataLicenceUrl: 'url',
  operatorName: 'text',
  retentionMonths: 'number',
};
/** Which error text a field shows, whatever the rule it broke. */
const ERROR_TEXT: Record<SiteSettingKey, string> = {
  contactEmail: 'settings.errors.email',
  contactPhone: 'settings.errors.phone',
  senderName: 'settings.errors.senderName',
  teamInbox: 'settings.errors.email',
  dataLicence: 'settings.errors.dataLicence',
  dataLicenceUrl: 'settings.errors.dataLicenceUrl',
  operatorName: 'settings.errors.operatorName',
  retentionMonths: 'settings.errors.retentionMonths',
};
/** The limits a number field shows the browser (and its spin buttons); the schema decides. */
const NUMBER_RANGE: Partial<Record<SiteSettingKey, { min: number; max: number }>> = {
  retentionMonths: { min: RETENTION_MONTHS_MIN, max: RETENTION_MONTHS_MAX },
};

function fieldsOf(answer: SiteSettingsAnswer): Fields {
  const fields = {} as Fields;
  for (const key of SITE_SETTING_KEYS) {
    const setting = answer[key];
    fields[key] = {
      text: setting.isDefault ? (setting.default ?? '') : (setting.value ?? ''),
      useDefault: setting.isDefault,
    };
  }
  return fields;
}

/** The settings as the API takes them: null for the default, the text (trimmed) otherwise; empty means none. */
function patchOf(fields: Fields): SiteSettingsPatch {
  const patch: SiteSettingsPatch = {};
  for (const key of SITE_SETTING_KEYS) patch[key] = fields[key].useDefault ? null : fields[key].text.trim();
  return patch;
}

/** The fields the API's error names (`details`), if it is a 400 that names any. */
function fieldsInError(error: unknown): SiteSettingKey[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const body = JSON.parse(error.message.slice(error.message.indexOf(':') + 1)) as { details?: { path: string }[] };
    return (body.details ?? [])
      .map((d) => d.path.split('.')[0])
      .filter((key): key is SiteSettingKey => (SITE_SETTING_KEYS as readonly string[]).includes(key ?? ''));
  } catch {
    return [];
  }
}

/**
 * The site settings (docs/site-settings.md): the footer's contact, the name mails are sent under,
 * the team's inbox, the data licence, the privacy page's operator and how long guests' details are
 * kept, each with what it does and the server's default; checked with the API's own schema, errors
 * next to the fields.
 */
export function SiteSettingsPanel() {
  const { t } = useTranslation('admin');
  const settings = useSiteSettings();
  if (settings.isPending) return <Skeleton className="h-[36rem] w-full rounded-3xl" />;
  if (settings.isError)
    return (
      <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900">
        {t('settings.loadFailed')}
      </p>
    );
  return <SiteSettingsForm answer={settings.data} />;
}

function SiteSettingsForm({ answer }: { answer: SiteSettingsAnswer }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveSiteSettings();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(answer));
  const [errors, setErrors] = useState<Errors>({});
  const fieldId = (key: SiteSettingKey) => `${id}-${key}`;

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const patch = patchOf(fields);
    const parsed = siteSettingsPatchBody.safeParse(patch);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as SiteSettingKey;
        found[key] ??= t(ERROR_TEXT[key]);
      }
      setErrors(found);
      focusFirstError();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setFields(fieldsOf(saved));
        toast({ title: t('settings.saved') });
      },
      onError: (error) => {
        const named = fieldsInError(error);
        if (named.length > 0) {
          setErrors(Object.fromEntries(named.map((key) => [key, t(ERROR_TEXT[key])])));
          focusFirstError();
        }
        toast({ title: t('error'), description: errorText(error, t('settings.failed')), variant: 'destructive' });
      },
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="space-y-6 rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-6"
    >
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-ink-900">
          {t('settings.title')}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-600">{t('settings.intro')}</p>
      </div>
      {SITE_SETTING_KEYS.map((key) => {
        const field = fields[key];
        const fallback = answer[key].default;
        const error = errors[key];
        const range = NUMBER_RANGE[key];
        const described = [
          `${fieldId(key)}-description`,
          `${fieldId(key)}-default`,
          error ? `${fieldId(key)}-error` : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <div key={key} className="border-t border-sand-200 pt-5">
            <label htmlFor={fieldId(key)} className="block text-sm font-medium text-ink-800">
              {t(`settings.fields.${key}.label`)}
            </label>
            <p id={`${fieldId(key)}-description`} className="mt-1 text-sm text-ink-600">
              {t(`settings.fields.${key}.description`)}
            </p>
            <Input
              id={fieldId(key)}
              className={range ? 'mt-2 w-32' : 'mt-2 max-w-xl'}
              type={INPUT_TYPE[key]}
              {...(range ? { inputMode: 'numeric' as const, step: 1, min: range.min, max: range.max } : {})}
              autoComplete="off"
              value={field.useDefault ? (fallback ?? '') : field.text}
              disabled={field.useDefault}
              aria-invalid={error ? true : false}
              aria-describedby={described}
              onChange={(e) => setFields((f) => ({ ...f, [key]: { ...f[key], text: e.target.value } }))}
            />
            {error ? (
              <p id={`${fieldId(key)}-error`} className="mt-1 text-sm text-red-800">
                {error}
              </p>
            ) : null}
            <p id={`${fieldId(key)}-default`} className="mt-1 text-sm text-ink-500">
              {fallback ? t('settings.defaultHint', { value: fallback }) : t('settings.noDefault')}
            </p>
            <div className="mt-2">
              <Checkbox
                id={`${fieldId(key)}-use-default`}
                label={t('settings.useDefault', { field: t(`settings.fields.${key}.label`) })}
                checked={field.useDefault}
                onCheckedChange={(checked) =>
                  setFields((f) => ({
                    ...f,
                    // Unticked: start from what was shown, the default, to change it from there.
                    [key]: {
                      text: checked ? f[key].text : f[key].useDefault ? (fallback ?? '') : f[key].text,
                      useDefault: checked,
                    },
                  }))
                }
              />
            </div>
          </div>
        );
      })}
      <Button type="submit" disabled={save.isPending}>
        {t('settings.save')}
      </Button>
    </form>
  );
}
