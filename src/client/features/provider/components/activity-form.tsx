import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, SETTINGS, type Setting } from '../../../../domain/activities';
import { todayInParis } from '../../../../domain/dates';
import { eventDatesProblem } from '../../../../domain/event-dates';
import { weeklyHoursProblems } from '../../../../domain/weekly-hours';
import { LANGUAGES, type Language, NATIVE_LANGUAGE_NAMES as NATIVE_NAMES } from '../../../../domain/languages';
import {
  ACTIVITY_FIELD_LIMITS as L,
  type ActivityFormValues,
  createActivityBody,
  type ProviderActivity,
  WEBSITE_MESSAGE,
} from '../../../../domain/provider-activities';
import { countedLength, normaliseWebsite } from '../../../../domain/text-fields';
import type { ServiceArea } from '../../../../domain/geo';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextLimit } from './text-limit';
import { type HoursRowState, toHoursState, toWeeklyHours, WeeklyHoursFields } from './weekly-hours-fields';

const PositionPicker = lazy(() => import('./position-picker'));

/** One other language's texts as typed. */
export interface TranslationState {
  name: string;
  description: string;
  location: string;
  openingHours: string;
  marketDays: string;
}

const TRANSLATED_FIELDS = ['name', 'description', 'location', 'openingHours', 'marketDays'] as const;

const emptyTranslation: TranslationState = {
  name: '',
  description: '',
  location: '',
  openingHours: '',
  marketDays: '',
};

/** The form's text state: every field as typed, numbers as text until checked. */
export interface FormState {
  name: string;
  description: string;
  language: Language;
  translations: Partial<Record<Language, TranslationState>>;
  category: (typeof CATEGORIES)[number];
  location: string;
  address: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  price: string;
  openingHours: string;
  marketDays: string;
  /** YYYY-MM-DD as the date fields give it, '' for none. */
  eventStart: string;
  eventEnd: string;
  weeklyHours: HoursRowState[];
  contactPhone: string;
  contactEmail: string;
  website: string;
  bookingRequired: boolean;
  /** '' for unknown. */
  setting: Setting | '';
}

export function initialState(activity: ProviderActivity | undefined, language: Language): FormState {
  return {
    name: activity?.name ?? '',
    description: activity?.description ?? '',
    language: activity?.language ?? language,
    translations: Object.fromEntries(
      Object.entries(activity?.translations ?? {}).map(([language, text]) => [
        language,
        {
          name: text.name,
          description: text.description,
          location: text.location ?? '',
          openingHours: text.openingHours ?? '',
          marketDays: text.marketDays ?? '',
        },
      ]),
    ),
    category: activity?.category ?? 'uitjes',
    location: activity?.location ?? '',
    address: activity?.address ?? '',
    city: activity?.city ?? '',
    latitude: activity?.latitude ?? null,
    longitude: activity?.longitude ?? null,
    price: activity?.price === null || activity?.price === undefined ? '' : String(activity.price),
    openingHours: activity?.openingHours ?? '',
    marketDays: activity?.marketDays ?? '',
    eventStart: activity?.eventStart ?? '',
    eventEnd: activity?.eventEnd ?? '',
    weeklyHours: toHoursState(activity?.weeklyHours ?? []),
    contactPhone: activity?.contactPhone ?? '',
    contactEmail: activity?.contactEmail ?? '',
    website: activity?.website ?? '',
    bookingRequired: activity?.bookingRequired ?? false,
    setting: activity?.setting ?? '',
  };
}

/**
 * What is sent: the same names as the API, a translation when any of its fields is filled (the
 * schema then asks for its name and description), the website as it will be stored.
 */
function toValues(state: FormState): ActivityFormValues {
  const price = state.price.trim().replace(',', '.');
  const translations: ActivityFormValues['translations'] = {};
  for (const language of LANGUAGES) {
    const t = state.translations[language];
    if (language !== state.language && t && TRANSLATED_FIELDS.some((field) => t[field].trim())) {
      translations[language] = t;
    }
  }
  return {
    ...state,
    translations,
    website: normaliseWebsite(state.website),
    latitude: state.latitude ?? Number.NaN,
    longitude: state.longitude ?? Number.NaN,
    price: price === '' ? null : Number(price),
    eventStart: state.eventStart === '' ? null : state.eventStart,
    eventEnd: state.eventEnd === '' ? null : state.eventEnd,
    weeklyHours: toWeeklyHours(state.weeklyHours),
    setting: state.setting === '' ? null : state.setting,
  };
}

type Errors = Record<string, string>;

const labelClass = 'mb-1 block text-sm font-medium text-ink-800';
const textareaClass =
  'w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-ink-900 focus:border-terracotta-600 aria-[invalid=true]:border-red-700';
const selectClass =
  'h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-ink-900 focus:border-terracotta-600';

interface ActivityFormProps {
  activity?: ProviderActivity;
  serviceArea: ServiceArea;
  defaultLanguage: Language;
  submitLabel: string;
  busy: boolean;
  /** Server-side errors per field (API `details`), shown next to the fields. */
  serverErrors?: Errors;
  onSubmit: (values: ActivityFormValues) => void;
  /** Between the fields and the buttons (the photo of a saved activity). */
  extra?: ReactNode;
}

/**
 * Every field of an activity a provider owns, checked with the same schema
 * the server uses (docs/provider-workspace.md): errors next to each field,
 * focus on the first one.
 */
export function ActivityForm({
  activity,
  serviceArea,
  defaultLanguage,
  submitLabel,
  busy,
  serverErrors = {},
  onSubmit,
  extra,
}: ActivityFormProps) {
  const { t } = useTranslation('provider');
  const { t: tl } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<FormState>(() => initialState(activity, defaultLanguage));
  const [clientErrors, setClientErrors] = useState<Errors>({});
  // The server's errors of the rows that were there when it answered: once the rows change, they
  // may name another row (a removed row moves the ones after it), so they are left out.
  const [hoursChangedSince, setHoursChangedSince] = useState<Errors | null>(null);
  const shownServerErrors =
    hoursChangedSince === serverErrors
      ? Object.fromEntries(Object.entries(serverErrors).filter(([key]) => !key.startsWith('weeklyHours.')))
      : serverErrors;
  const errors = { ...shownServerErrors, ...clientErrors };
  const fieldId = (name: string) => `${id}-${name}`;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((s) => ({ ...s, [key]: value }));

  const invalid = (name: string) =>
    errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(name)}-error` }
      : { 'aria-invalid': false as const };
  /** A text field with a limit: invalid or not, described by its error and by its limit. */
  const limited = (name: string) => ({
    'aria-invalid': errors[name] ? (true as const) : (false as const),
    'aria-describedby': [errors[name] ? `${fieldId(name)}-error` : null, `${fieldId(name)}-limit`]
      .filter(Boolean)
      .join(' '),
  });
  const limit = (name: string, value: string, max: number, quiet = false) => (
    <TextLimit id={`${fieldId(name)}-limit`} value={value} max={max} quiet={quiet} />
  );
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="mt-1 text-sm text-red-800">
        {errors[name]}
      </p>
    ) : null;
  const required = <span className="text-ink-500"> ({t('form.required')})</span>;
  /** A practical field: its label (the field's own text), the control, its error. */
  const labelled = (name: keyof FormState, control: ReactNode, after?: ReactNode) => (
    <div key={name}>
      <label htmlFor={fieldId(name)} className={labelClass}>
        {t(`form.${name}`)}
      </label>
      {control}
      {fieldError(name)}
      {after}
    </div>
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const values = toValues(state);
    const parsed = createActivityBody.safeParse(values);
    // Whether the edition is over needs today, which the schema does not know (docs/product.md#event-dates).
    const over = parsed.success ? eventDatesProblem(parsed.data, todayInParis(new Date())) : null;
    // The rows' rules in every row at once, next to each row: the schema names only the first problem.
    const hours = weeklyHoursProblems(toWeeklyHours(state.weeklyHours)).map((p) => ({
      path: ['weeklyHours', ...p.path],
      message: p.message,
    }));
    const issues = [
      ...(parsed.success ? (over ? [{ path: [over.path], message: over.message }] : []) : parsed.error.issues),
      ...hours,
    ];
    if (issues.length > 0) {
      const found: Errors = {};
      for (const issue of issues) {
        const path = issue.path.join('.');
        const key = path.startsWith('latitude') || path.startsWith('longitude') ? 'position' : path;
        found[key] ??=
          key === 'position'
            ? t('form.errors.position')
            : t(`form.errors.${messageKey(issue.message)}`, {
                max: maxOf(issue.message),
                row: rowOf(issue.message),
                length: lengthAt(values, issue.path),
              });
      }
      setClientErrors(found);
      // Focus the first field to fix, in the order of the form.
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    setClientErrors({});
    onSubmit(values);
  };

  const otherLanguages = LANGUAGES.filter((l) => l !== state.language);
  // Dates are asked of festivals, and shown wherever there are some, so that they can be removed.
  const withDates = state.category === 'feesten' || state.eventStart !== '' || state.eventEnd !== '';

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-8" aria-label={submitLabel}>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-semibold text-ink-900">{t('form.about')}</legend>
        <div>
          <label htmlFor={fieldId('language')} className={labelClass}>
            {t('form.language')}
          </label>
          <select
            id={fieldId('language')}
            className={selectClass}
            value={state.language}
            onChange={(e) => set('language', e.target.value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {NATIVE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={fieldId('name')} className={labelClass}>
            {t('form.name')}
            {required}
          </label>
          <Input
            id={fieldId('name')}
            aria-required="true"
            value={state.name}
            onChange={(e) => set('name', e.target.value)}
            {...limited('name')}
          />
          {fieldError('name')}
          {limit('name', state.name, L.name)}
        </div>
        <div>
          <label htmlFor={fieldId('description')} className={labelClass}>
            {t('form.description')}
            {required}
          </label>
          <textarea
            id={fieldId('description')}
            aria-required="true"
            rows={5}
            className={textareaClass}
            value={state.description}
            onChange={(e) => set('description', e.target.value)}
            {...limited('description')}
          />
          {fieldError('description')}
          {limit('description', state.description, L.description)}
        </div>
        <div>
          <label htmlFor={fieldId('category')} className={labelClass}>
            {t('form.category')}
          </label>
          <select
            id={fieldId('category')}
            className={selectClass}
            value={state.category}
            onChange={(e) => set('category', e.target.value as FormState['category'])}
          >
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {tl(`category.badge.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <details className="rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
          <summary className="cursor-pointer font-medium text-ink-900">{t('form.translations')}</summary>
          <p className="mt-2 text-sm text-ink-600">{t('form.translationsHint')}</p>
          <div className="mt-4 space-y-6">
            {otherLanguages.map((language) => {
              const value = state.translations[language] ?? emptyTranslation;
              const setText = (part: keyof TranslationState, text: string) =>
                set('translations', { ...state.translations, [language]: { ...value, [part]: text } });
              const field = (part: keyof TranslationState, max: number, rows?: number) => {
                const name = `translations.${language}.${part}`;
                const props = {
                  id: fieldId(name),
                  lang: language,
                  value: value[part],
                  ...limited(name),
                };
                return (
                  <div>
                    <label htmlFor={fieldId(name)} className={labelClass}>
                      {t(`form.${part}`)}
                    </label>
                    {rows ? (
                      <textarea
                        {...props}
                        rows={rows}
                        className={textareaClass}
                        onChange={(e) => setText(part, e.target.value)}
                      />
                    ) : (
                      <Input {...props} onChange={(e) => setText(part, e.target.value)} />
                    )}
                    {fieldError(name)}
                    {limit(name, value[part], max)}
                  </div>
                );
              };
              return (
                <fieldset key={language} className="space-y-2">
                  <legend className="font-medium text-ink-800">{NATIVE_NAMES[language]}</legend>
                  {field('name', L.name)}
                  {field('description', L.description, 3)}
                  {field('location', L.location)}
                  {field('openingHours', L.hours, 2)}
                  {field('marketDays', L.hours, 2)}
                </fieldset>
              );
            })}
          </div>
        </details>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-semibold text-ink-900">{t('form.where')}</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor={fieldId('location')} className={labelClass}>
              {t('form.location')}
            </label>
            <Input
              id={fieldId('location')}
              value={state.location}
              onChange={(e) => set('location', e.target.value)}
              {...limited('location')}
            />
            {fieldError('location')}
            {limit('location', state.location, L.location)}
          </div>
          <div>
            <label htmlFor={fieldId('address')} className={labelClass}>
              {t('form.address')}
            </label>
            <Input
              id={fieldId('address')}
              autoComplete="street-address"
              value={state.address}
              onChange={(e) => set('address', e.target.value)}
              {...limited('address')}
            />
            {fieldError('address')}
            {limit('address', state.address, L.address)}
          </div>
          <div>
            <label htmlFor={fieldId('city')} className={labelClass}>
              {t('form.city')}
              {required}
            </label>
            <Input
              id={fieldId('city')}
              aria-required="true"
              value={state.city}
              onChange={(e) => set('city', e.target.value)}
              {...limited('city')}
            />
            {fieldError('city')}
            {limit('city', state.city, L.city)}
          </div>
        </div>
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <PositionPicker
            area={serviceArea}
            latitude={state.latitude}
            longitude={state.longitude}
            errorId={errors.position ? `${fieldId('position')}-error` : undefined}
            onChange={(position) =>
              setState((s) => ({
                ...s,
                latitude: position.latitude,
                longitude: position.longitude,
                address: s.address || position.address || '',
                city: s.city || position.city || '',
              }))
            }
          />
        </Suspense>
        {fieldError('position')}
      </fieldset>

      <fieldset className="space-y-4" aria-describedby={`${fieldId('practical')}-hint`}>
        <legend className="mb-2 text-lg font-semibold text-ink-900">{t('form.practical')}</legend>
        <p id={`${fieldId('practical')}-hint`} className="text-sm text-ink-600">
          {t('form.practicalHint')}
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor={fieldId('price')} className={labelClass}>
              {t('form.price')}
            </label>
            <Input
              id={fieldId('price')}
              inputMode="decimal"
              value={state.price}
              aria-describedby={errors.price ? `${fieldId('price')}-error` : `${fieldId('price')}-hint`}
              aria-invalid={errors.price ? true : false}
              onChange={(e) => set('price', e.target.value)}
            />
            <p id={`${fieldId('price')}-hint`} className="mt-1 text-sm text-ink-500">
              {t('form.priceHint')}
            </p>
            {fieldError('price')}
          </div>
          <div className="flex items-end pb-3">
            <label className="inline-flex items-center gap-2 text-ink-900">
              <input
                type="checkbox"
                className="h-5 w-5 accent-terracotta-600"
                checked={state.bookingRequired}
                onChange={(e) => set('bookingRequired', e.target.checked)}
              />
              {t('form.bookingRequired')}
            </label>
          </div>
          <div>
            <label htmlFor={fieldId('setting')} className={labelClass}>
              {t('form.setting')}
            </label>
            <select
              id={fieldId('setting')}
              className={selectClass}
              value={state.setting}
              aria-describedby={`${fieldId('setting')}-hint`}
              onChange={(e) => set('setting', e.target.value as Setting | '')}
            >
              <option value="">{t('form.settingUnknown')}</option>
              {SETTINGS.map((setting) => (
                <option key={setting} value={setting}>
                  {t(`form.settings.${setting}`)}
                </option>
              ))}
            </select>
            <p id={`${fieldId('setting')}-hint`} className="mt-1 text-sm text-ink-500">
              {t('form.settingHint')}
            </p>
            {fieldError('setting')}
          </div>
          {withDates ? (
            <fieldset className="md:col-span-2" aria-describedby={`${fieldId('eventDates')}-hint`}>
              <legend className={labelClass}>{t('form.eventDates')}</legend>
              <p id={`${fieldId('eventDates')}-hint`} className="mb-2 text-sm text-ink-500">
                {t('form.eventHint')}
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                {(['eventStart', 'eventEnd'] as const).map((name) =>
                  labelled(
                    name,
                    <Input
                      id={fieldId(name)}
                      type="date"
                      value={state[name]}
                      onChange={(e) => set(name, e.target.value)}
                      {...invalid(name)}
                    />,
                  ),
                )}
              </div>
            </fieldset>
          ) : null}
          <WeeklyHoursFields
            rows={state.weeklyHours}
            onChange={(rows) => {
              set('weeklyHours', rows);
              // A row's errors name its place in the list, which a removed row changes.
              setClientErrors((found) =>
                Object.fromEntries(Object.entries(found).filter(([key]) => !key.startsWith('weeklyHours.'))),
              );
              setHoursChangedSince(serverErrors);
            }}
            fieldId={fieldId}
            invalid={invalid}
            fieldError={fieldError}
            market={state.category === 'markten'}
          />
          {(['openingHours', 'marketDays'] as const).map((name) =>
            labelled(
              name,
              <textarea
                id={fieldId(name)}
                rows={2}
                className={textareaClass}
                value={state[name]}
                onChange={(e) => set(name, e.target.value)}
                {...limited(name)}
              />,
              limit(name, state[name], L.hours),
            ),
          )}
          {(
            [
              ['contactPhone', 'tel', 'tel', L.phone],
              ['contactEmail', 'email', 'email', L.email],
              ['website', 'url', 'url', L.website],
            ] as const
          ).map(([name, type, autoComplete, max]) =>
            labelled(
              name,
              <Input
                id={fieldId(name)}
                type={type}
                autoComplete={autoComplete}
                value={state[name]}
                onChange={(e) => set(name, e.target.value)}
                // A website typed without https:// gets it as the field is left, as it will be stored.
                onBlur={name === 'website' ? () => set('website', normaliseWebsite(state.website)) : undefined}
                {...limited(name)}
              />,
              limit(name, state[name], max, true),
            ),
          )}
        </div>
      </fieldset>

      {extra}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The form's message key for a schema message (the schema speaks English to the API's callers). */
function messageKey(message: string): string {
  if (message === 'is required') return 'required';
  if (message.startsWith('must be at most')) return 'tooLong';
  if (message.includes('e-mail')) return 'email';
  if (message === WEBSITE_MESSAGE) return 'website';
  if (message.includes('phone')) return 'phone';
  if (message.startsWith('must be a date')) return 'date';
  if (message === 'is required with a last day') return 'eventStartRequired';
  if (message.includes('before the first day')) return 'eventOrder';
  if (message.startsWith('must be within')) return 'eventTooLong';
  if (message === 'must be today or later') return 'eventPast';
  if (message === 'must have at least one day') return 'hoursDays';
  if (message.startsWith('must be a time')) return 'hoursTime';
  if (message === 'must be after the opening time') return 'hoursOrder';
  if (message.includes('day of the year') || message.includes('other day of the season')) return 'hoursSeasonDay';
  if (message === 'must not be the first day of the season') return 'hoursSeasonSame';
  if (message.startsWith('must not overlap row')) return 'hoursOverlap';
  if (message.includes('two decimals') || message.includes('0 (free)') || message.includes('number')) return 'price';
  return 'invalid';
}

/** How long the text at a path is, as the schema counts it ('' when it is not a text). */
function lengthAt(values: ActivityFormValues, path: readonly PropertyKey[]): string {
  let value: unknown = values;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : '';
  return typeof value === 'string' ? String(countedLength(value)) : '';
}

const maxOf = (message: string) => /(?:at most|within) (\d+)/.exec(message)?.[1] ?? '';
const rowOf = (message: string) => /overlap row (\d+)/.exec(message)?.[1] ?? '';
