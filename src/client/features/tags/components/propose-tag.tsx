import { Plus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  normalizeTagName,
  TAG_NAME_MAX_LENGTH,
  TAG_NAME_MIN_LENGTH,
  type TagNameProblem,
  tagNameProblem,
} from '../../../../domain/tag-names';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { errorCodeOf } from '../../../lib/error-text';
import { useApprovedTags } from '../api/get-tags';
import { useProposeActivityTag } from '../api/propose-activity-tag';
import { useTagLabel } from '../use-tag-label';

type Problem = TagNameProblem | 'duplicate' | 'login' | 'tooMany' | 'failed';

/** What went wrong, by the API's error code (docs/api.md#errors). */
function problemOf(error: unknown): Problem {
  switch (errorCodeOf(error)) {
    case 'ACTIVITY_TAG_EXISTS':
    case 'TAG_EXISTS':
      return 'duplicate';
    case 'UNAUTHENTICATED':
      return 'login';
    case 'TOO_MANY_PENDING':
    case 'RATE_LIMITED':
      return 'tooMany';
    default:
      return 'failed';
  }
}

interface ProposeTagProps {
  activityId: number;
  /** The approved tags the activity already shows. */
  currentTags: readonly string[];
}

/**
 * Lets a logged-in visitor propose a tag for an activity: one of the
 * approved tags or a new one. The proposal waits for an admin (tags admin,
 * "pending activity tags"); the name follows the server's rules, checked
 * here first so the visitor learns what to fix before anything is sent.
 */
export function ProposeTag({ activityId, currentTags }: ProposeTagProps) {
  const { t } = useTranslation('detail');
  const tagLabel = useTagLabel();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sent, setSent] = useState<string[]>([]);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const propose = useProposeActivityTag(activityId);
  const { data: approved = [] } = useApprovedTags(open);
  const taken = (name: string) => currentTags.includes(name) || sent.includes(name);
  const choices = approved.filter((tag) => !taken(tag.name));

  const close = () => {
    setOpen(false);
    setValue('');
    setProblem(null);
    propose.reset();
    // Focus goes back where the visitor started, once React shows the button again.
    requestAnimationFrame(() => toggleRef.current?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = normalizeTagName(value);
    const found = tagNameProblem(name) ?? (taken(name) ? 'duplicate' : null);
    setProblem(found);
    if (found) return;
    propose.mutate(name, {
      onSuccess: () => {
        setSent((names) => [...names, name]);
        toast({ title: t('proposeTag.sentToast'), description: `#${tagLabel(name)}` });
        close();
      },
      onError: (error) => setProblem(problemOf(error)),
    });
  };

  const nameId = `${ids}-name`;
  const errorId = `${ids}-error`;
  const hintId = `${ids}-hint`;
  return (
    <div className="space-y-2">
      {sent.length > 0 ? (
        // The toast announces a proposal; this line keeps it in view (no second announcement).
        <p className="text-sm text-ink-600">
          {t('proposeTag.pending', { tags: sent.map((name) => `#${tagLabel(name)}`).join(', ') })}
        </p>
      ) : null}
      {open ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label={t('proposeTag.formLabel')}
          className="space-y-2 rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <label htmlFor={nameId} className="block text-sm font-semibold text-ink-900">
            {t('proposeTag.label')}
          </label>
          <Input
            id={nameId}
            // The form opens at the visitor's request: the field is where they go next.
            autoFocus
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
            list={`${ids}-choices`}
            maxLength={TAG_NAME_MAX_LENGTH + 20}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          />
          <datalist id={`${ids}-choices`}>
            {choices.map((tag) => (
              <option key={tag.id} value={tag.name} label={tagLabel(tag.name)} />
            ))}
          </datalist>
          {problem ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
              {t(`proposeTag.errors.${problem}`, { min: TAG_NAME_MIN_LENGTH, max: TAG_NAME_MAX_LENGTH })}
            </p>
          ) : null}
          <p id={hintId} className="text-xs text-ink-500">
            {t('proposeTag.hint')}
          </p>
          <div className="flex gap-2 pt-1">
            <Button type="submit" size="sm" disabled={propose.isPending}>
              {propose.isPending ? t('proposeTag.sending') : t('proposeTag.submit')}
            </Button>
            <Button variant="ghost" size="sm" onClick={close}>
              {t('proposeTag.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button ref={toggleRef} variant="ghost" size="sm" className="-ml-3" onClick={() => setOpen(true)}>
          <Plus aria-hidden className="h-4 w-4" />
          {t('proposeTag.open')}
        </Button>
      )}
    </div>
  );
}
