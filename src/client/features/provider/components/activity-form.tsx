import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from '../../../../domain/activities';
import { todayInParis } from '../../../../domain/dates';
import { eventDatesProblem } from '../../../../domain/event-dates';
import { weeklyHoursProblems } from '../../../../domain/weekly-hours';
import { LANGUAGES, type Language, NATIVE_LANGUAGE_NAMES as NATIVE_NAMES } from '../../../../domain/languages';
import {
  ACTIVITY_FIELD_LIMITS as L,
  type ActivityFormValues,
  createActivityBody,
  type ProviderActivity,
} from '../../../../domain/provider-activities';
import type { ServiceArea } from '../../../../domain/geo';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { type HoursRowState, toHoursState, toWeeklyHours, WeeklyHoursFields } from './weekly-hours-fields';

const PositionPicker = lazy(() => import('./position-picker'));

/** The form's text state: every field as typed, numbers as text until checked. */
export interface FormState {
  name: string;
  description: string;
  language: Language;
  translations: Partial<Record<Language, { name: string; description: string }>>;
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
}

export function initialState(activity: ProviderActivity | undefined, language: Language): FormState {
  return {
    name: activity?.name ?? '',
    description: activity?.description ?? '',
    language: activity?.language ?? language,
    translations: activity?.translations ?? {},
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
  };
}

/** What is sent: the same names as the API, empty texts as null, a translation only when both parts are filled. */
function toValues(state: FormState): ActivityFormValues {
  const price = state.price.trim().replace(',', '.');
  const translations: ActivityFormValues['translations'] = {};
  for (const language of LANGUAGES) {
    const t = state.translations[language];
    if (language !== state.language && t && (t.name.trim() || t.description.trim())) translations[language] = t;
  }
  return {
    ...state,
    translations,
    latitude: state.latitude ?? Number.NaN,
    longitude: state.longitude ?? Number.NaN,
    price: price === '' ? null : Number(price),
    eventStart: state.eventStart === '' ? null : state.eventStart,
    eventEnd: state.eventEnd === '' ? null : state.eventEnd,
    weeklyHours: toWeeklyHours(state.weeklyHours),
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
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="mt-1 text-sm text-red-800">
        {errors[name]}
      </p>
    ) : null;
  const required = <span className="text-ink-500"> ({t('form.required')})</span>;
  /** A practical field: its label (the field's own text), the control, its error. */
  const labelled = (name: keyof FormState, control: ReactNode) => (
    <div key={name}>
      <label htmlFor={fieldId(name)} className={labelClass}>
        {t(`form.${name}`)}
      </label>
      {control}
      {fieldError(name)}
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
            : t(`form.errors.${messageKey(issue.message)}`, { max: maxOf(issue.message), row: rowOf(issue.message) });
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
            maxLength={L.name}
            value={state.name}
            onChange={(e) => set('name', e.target.value)}
            {...invalid('name')}
          />
          {fieldError('name')}
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
            maxLength={L.description}
            className={textareaClass}
            value={state.description}
            onChange={(e) => set('description', e.target.value)}
            {...invalid('description')}
          />
          {fieldError('description')}
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
              const value = state.translations[language] ?? { name: '', description: '' };
              const setText = (part: 'name' | 'description', text: string) =>
                set('translations', { ...state.translations, [language]: { ...value, [part]: text } });
              return (
                <fieldset key={language} className="space-y-2">
                  <legend className="font-medium text-ink-800">{NATIVE_NAMES[language]}</legend>
                  <div>
                    <label htmlFor={fieldId(`translations.${language}.name`)} className={labelClass}>
                      {t('form.name')}
                    </label>
                    <Input
                      id={fieldId(`translations.${language}.name`)}
                      lang={language}
                      maxLength={L.name}
                      value={value.name}
                      onChange={(e) => setText('name', e.target.value)}
                      {...invalid(`translations.${language}.name`)}
                    />
                    {fieldError(`translations.${language}.name`)}
                  </div>
                  <div>
                    <label htmlFor={fieldId(`translations.${language}.description`)} className={labelClass}>
                      {t('form.description')}
                    </label>
                    <textarea
                      id={fieldId(`translations.${language}.description`)}
                      lang={language}
                      rows={3}
                      maxLength={L.description}
                      className={textareaClass}
                      value={value.description}
                      onChange={(e) => setText('description', e.target.value)}
                      {...invalid(`translations.${language}.description`)}
                    />
                    {fieldError(`translations.${language}.description`)}
                  </div>
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
              maxLength={L.location}
              value={state.location}
              onChange={(e) => set('location', e.target.value)}
              {...invalid('location')}
            />
            {fieldError('location')}
          </div>
          <div>
            <label htmlFor={fieldId('address')} className={labelClass}>
              {t('form.address')}
            </label>
            <Input
              id={fieldId('address')}
              autoComplete="street-address"
              maxLength={L.address}
              value={state.address}
              onChange={(e) => set('address', e.target.value)}
              {...invalid('address')}
            />
            {fieldError('address')}
          </div>
          <div>
            <label htmlFor={fieldId('city')} className={labelClass}>
              {t('form.city')}
              {required}
            </label>
            <Input
              id={fieldId('city')}
              aria-required="true"
              maxLength={L.city}
              value={state.city}
              onChange={(e) => set('city', e.target.value)}
              {...invalid('city')}
            />
            {fieldError('city')}
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
          />
          {(['openingHours', 'marketDays'] as const).map((name) =>
            labelled(
              name,
              <textarea
                id={fieldId(name)}
                rows={2}
                maxLength={L.hours}
                className={textareaClass}
                value={state[name]}
                onChange={(e) => set(name, e.target.value)}
                {...invalid(name)}
              />,
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
                maxLength={max}
                value={state[name]}
                onChange={(e) => set(name, e.target.value)}
                {...invalid(name)}
              />,
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
  if (message.includes('web address')) return 'website';
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

const maxOf = (message: string) => /(?:at most|within) (\d+)/.exec(message)?.[1] ?? '';
const rowOf = (message: string) => /overlap row (\d+)/.exec(message)?.[1] ?? '';
