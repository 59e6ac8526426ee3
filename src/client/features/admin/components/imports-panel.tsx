import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIME_ZONE } from '../../../../domain/dates';
import {
  type ImportRun,
  type ImportRunReport,
  importSettingsBody,
  type ImportSettings,
} from '../../../../domain/imports';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useErrorText } from '../../../lib/error-text';
import {
  useImportFeedNow,
  useImportRuns,
  useImportSettings,
  useSaveImportSettings,
  useStartImport,
} from '../api/imports';

/**
 * The console's imports (docs/datatourisme.md#running-an-import): a flux ZIP uploaded (a dry run
 * first, then the same file for real), the runs with their reports, and the flux URL with the time
 * of its daily import.
 */
export function ImportsPanel() {
  return (
    <div className="space-y-10">
      <UploadForm />
      <RunsList />
      <ScheduleSection />
    </div>
  );
}

const STATUS_COLORS: Record<ImportRun['status'], string> = {
  running: 'bg-amber-100 text-amber-900',
  done: 'bg-emerald-50 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(
      new Date(iso),
    );
}

/** What the live region says about a run: running with its progress, or its outcome in one line. */
function useRunSummary() {
  const { t } = useTranslation('admin');
  return (run: ImportRun): string => {
    const kind = run.dryRun ? t('imports.dryRun') : t('imports.realRun');
    if (run.status === 'running') {
      return run.progress === null
        ? t('imports.live.running', { kind, name: run.location })
        : t('imports.live.progress', { kind, name: run.location, count: run.progress });
    }
    if (run.status === 'failed' || !run.report) return t('imports.live.failed', { kind, name: run.location });
    const r = run.report;
    return t(run.dryRun ? 'imports.live.dryDone' : 'imports.live.done', {
      name: run.location,
      created: r.created,
      updated: r.updated,
      skipped: Object.values(r.skipped).reduce((sum, entry) => sum + entry.count, 0),
    });
  };
}

function UploadForm() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The last file uploaded here, with its run: "import for real" after its dry run. */
  const [last, setLast] = useState<{ file: File; runId: number; dryRun: boolean } | null>(null);
  const start = useStartImport();
  const runs = useImportRuns();
  const summary = useRunSummary();
  const lastRun = last ? runs.data?.items.find((run) => run.id === last.runId) : undefined;
  const anyRunning = runs.data?.items.some((run) => run.status === 'running') ?? false;

  const send = (chosen: File, asDryRun: boolean) =>
    start.mutate(
      { file: chosen, dryRun: asDryRun },
      {
        onSuccess: ({ id: runId }) => setLast({ file: chosen, runId, dryRun: asDryRun }),
        onError: (error) =>
          toast({
            title: t('error'),
            description: errorText(error, t('imports.upload.failed')),
            variant: 'destructive',
          }),
      },
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('imports.upload.fileRequired'));
      fileInput.current?.focus();
      return;
    }
    setFileError(null);
    send(file, dryRun);
  };

  const canImportForReal = last?.dryRun && lastRun?.status === 'done' && !anyRunning;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-6">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-ink-900">
          {t('imports.upload.title')}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-600">{t('imports.upload.intro')}</p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-ink-800">
            {t('imports.upload.file')}
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".zip,application/zip"
            aria-invalid={fileError ? true : false}
            aria-describedby={fileError ? `${id}-file-error` : undefined}
            className="mt-2 block w-full max-w-xl text-sm text-ink-800 file:mr-3 file:rounded-xl file:border-0 file:bg-sand-100 file:px-3 file:py-2 file:font-medium"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {fileError ? (
            <p id={`${id}-file-error`} className="mt-1 text-sm text-red-800">
              {fileError}
            </p>
          ) : null}
        </div>
        <Checkbox id={`${id}-dry`} label={t('imports.upload.dryRun')} checked={dryRun} onCheckedChange={setDryRun} />
        <Button type="submit" disabled={start.isPending || anyRunning}>
          {start.isPending ? t('imports.upload.sending') : t('imports.upload.start')}
        </Button>
      </form>
      <p role="status" aria-live="polite" className="text-sm font-medium text-ink-800">
        {lastRun ? summary(lastRun) : ''}
      </p>
      {canImportForReal && last ? (
        <div className="rounded-2xl bg-sand-50 p-4">
          <p className="text-sm text-ink-700">{t('imports.upload.afterDryRun', { name: last.file.name })}</p>
          <Button className="mt-3" disabled={start.isPending} onClick={() => send(last.file, false)}>
            {t('imports.upload.importForReal')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function RunsList() {
  const { t } = useTranslation('admin');
  const id = useId();
  const runs = useImportRuns();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink-900">
        {t('imports.runs.title')}
      </h2>
      {runs.isPending ? (
        <Skeleton className="h-40 w-full rounded-3xl" />
      ) : runs.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900">
          {t('imports.runs.loadFailed')}
        </p>
      ) : runs.data.items.length === 0 ? (
        <p className="rounded-2xl bg-sand-50 p-4 text-ink-700">{t('imports.runs.empty')}</p>
      ) : (
        <>
          <ol className="space-y-4">
            {runs.data.items.map((run) => (
              <li key={run.id}>
                <RunCard run={run} />
              </li>
            ))}
          </ol>
          {runs.data.total > runs.data.items.length ? (
            <p className="text-sm text-ink-600">
              {t('imports.runs.more', { shown: runs.data.items.length, total: runs.data.total })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function RunCard({ run }: { run: ImportRun }) {
  const { t } = useTranslation('admin');
  const dateTime = useDateTime();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="break-all font-semibold text-ink-900">
          {run.location}
        </h3>
        <Badge className={STATUS_COLORS[run.status]}>{t(`imports.status.${run.status}`)}</Badge>
        <Badge className="bg-sand-100 text-ink-800">{run.dryRun ? t('imports.dryRun') : t('imports.realRun')}</Badge>
      </div>
      <p className="mt-1 text-sm text-ink-600">
        {t('imports.runs.started', { when: dateTime(run.startedAt) })}
        {run.finishedAt ? ` · ${t('imports.runs.finished', { when: dateTime(run.finishedAt) })}` : ''}
        {run.startedBy === null ? ` · ${t('imports.runs.bySchedule')}` : ''}
      </p>
      {run.status === 'running' ? (
        <p className="mt-3 text-sm text-ink-700">
          {run.progress === null ? t('imports.runs.running') : t('imports.runs.progress', { count: run.progress })}
        </p>
      ) : run.report ? (
        <Report report={run.report} dryRun={run.dryRun} />
      ) : null}
    </article>
  );
}

const COUNTS = ['created', 'updated', 'unchanged', 'unpublished', 'republished'] as const;

function Report({ report, dryRun }: { report: ImportRunReport; dryRun: boolean }) {
  const { t } = useTranslation('admin');
  const skipped = Object.entries(report.skipped).filter(([, entry]) => entry.count > 0);
  const kept = Object.entries(report.keptLocalEdits);
  const counts = dryRun ? 'imports.report.would' : 'imports.report.did';
  return (
    <div className="mt-4 space-y-4 text-sm">
      {report.failure ? (
        <p className="rounded-2xl bg-red-50 p-3 text-red-900">
          {t('imports.report.failure', { reason: report.failure })}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3 lg:grid-cols-6">
        <div>
          <dt className="text-ink-600">{t('imports.report.read')}</dt>
          <dd className="text-lg font-semibold text-ink-900">{report.read}</dd>
        </div>
        {COUNTS.map((key) => (
          <div key={key}>
            <dt className="text-ink-600">{t(`${counts}.${key}`)}</dt>
            <dd className="text-lg font-semibold text-ink-900">{report[key]}</dd>
          </div>
        ))}
      </dl>
      {skipped.length > 0 ? (
        <div>
          <h4 className="font-medium text-ink-900">{t('imports.report.skipped')}</h4>
          <ul className="mt-1 space-y-1">
            {skipped.map(([reason, entry]) => (
              <li key={reason}>
                <details>
                  <summary className="cursor-pointer text-ink-800">
                    {t('imports.report.skippedReason', {
                      reason: t(`imports.reasons.${reason}`, { defaultValue: reason }),
                      count: entry.count,
                    })}
                  </summary>
                  <ul className="mt-1 list-disc pl-6 text-xs break-all text-ink-600">
                    {entry.ids.slice(0, 10).map((sourceId) => (
                      <li key={sourceId}>{sourceId}</li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.photoFailures.count > 0 ? (
        <p className="text-ink-800">{t('imports.report.photoFailures', { count: report.photoFailures.count })}</p>
      ) : null}
      {kept.length > 0 ? (
        <div>
          <h4 className="font-medium text-ink-900">{t('imports.report.kept')}</h4>
          <p className="text-ink-700">{kept.map(([field, n]) => `${field}: ${n}`).join(', ')}</p>
        </div>
      ) : null}
    </div>
  );
}

function ScheduleSection() {
  const { t } = useTranslation('admin');
  const settings = useImportSettings();
  if (settings.isPending) return <Skeleton className="h-64 w-full rounded-3xl" />;
  if (settings.isError)
    return (
      <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-900">
        {t('imports.schedule.loadFailed')}
      </p>
    );
  return <ScheduleForm answer={settings.data} />;
}

function ScheduleForm({ answer }: { answer: ImportSettings }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const id = useId();
  const save = useSaveImportSettings();
  const feedNow = useImportFeedNow();
  const [url, setUrl] = useState(answer.feedUrl ?? '');
  const [time, setTime] = useState(answer.time);
  const [errors, setErrors] = useState<{ feedUrl?: string; time?: string }>({});
  const urlRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLInputElement>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = importSettingsBody.safeParse({ feedUrl: url.trim(), time });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'feedUrl') found.feedUrl = t('imports.schedule.errors.url');
        if (issue.path[0] === 'time') found.time = t('imports.schedule.errors.time');
      }
      setErrors(found);
      (found.feedUrl ? urlRef : timeRef).current?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setUrl(saved.feedUrl ?? '');
        setTime(saved.time);
        toast({ title: t('imports.schedule.saved') });
      },
      onError: (error) =>
        toast({
          title: t('error'),
          description: errorText(error, t('imports.schedule.failed')),
          variant: 'destructive',
        }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-6"
    >
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-ink-900">
          {t('imports.schedule.title')}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-ink-600">{t('imports.schedule.intro')}</p>
      </div>
      <div>
        <label htmlFor={`${id}-url`} className="block text-sm font-medium text-ink-800">
          {t('imports.schedule.url')}
        </label>
        <p id={`${id}-url-hint`} className="mt-1 text-sm text-ink-600">
          {answer.defaultFeedUrl
            ? t('imports.schedule.urlDefault', { value: answer.defaultFeedUrl })
            : t('imports.schedule.urlHint')}
        </p>
        <Input
          ref={urlRef}
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          className="mt-2 max-w-xl"
          value={url}
          aria-invalid={errors.feedUrl ? true : false}
          aria-describedby={[`${id}-url-hint`, errors.feedUrl ? `${id}-url-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => setUrl(e.target.value)}
        />
        {errors.feedUrl ? (
          <p id={`${id}-url-error`} className="mt-1 text-sm text-red-800">
            {errors.feedUrl}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-time`} className="block text-sm font-medium text-ink-800">
          {t('imports.schedule.time')}
        </label>
        <Input
          ref={timeRef}
          id={`${id}-time`}
          type="time"
          className="mt-2 w-40"
          value={time}
          aria-invalid={errors.time ? true : false}
          aria-describedby={errors.time ? `${id}-time-error` : undefined}
          onChange={(e) => setTime(e.target.value)}
        />
        {errors.time ? (
          <p id={`${id}-time-error`} className="mt-1 text-sm text-red-800">
            {errors.time}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-ink-700">
        {answer.nextRun ? t('imports.schedule.next', { when: dateTime(answer.nextRun) }) : t('imports.schedule.off')}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {t('imports.schedule.save')}
        </Button>
        {answer.feedUrl ? (
          <Button
            type="button"
            variant="secondary"
            disabled={feedNow.isPending}
            onClick={() =>
              feedNow.mutate(true, {
                onError: (error) =>
                  toast({
                    title: t('error'),
                    description: errorText(error, t('imports.upload.failed')),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {t('imports.schedule.dryRunNow')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
