import { type RefObject, useId, useState } from 'react';
import { Button } from './ui/button';
import { Dialog, DialogContent } from './ui/dialog';

/** The server's limit (MODERATION_REASON_MAX_LENGTH), repeated here so that this chunk does not load zod. */
const REASON_MAX_LENGTH = 500;

interface RejectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  closeLabel: string;
  reasonLabel: string;
  submitLabel: string;
  backLabel: string;
  busy: boolean;
  /** When set, a reason is required and this is the message when it is missing. */
  requiredText?: string;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  onReject: (reason: string | null) => void;
}

/** The rejection of something moderated (docs/moderation.md), with the reason its author will read. */
export function RejectDialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  reasonLabel,
  submitLabel,
  backLabel,
  busy,
  requiredText,
  returnFocusTo,
  onReject,
}: RejectDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} closeLabel={closeLabel} returnFocusTo={returnFocusTo}>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const text = reason.trim();
            if (requiredText && !text) return setMissing(true);
            onReject(text || null);
          }}
        >
          <div>
            <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium text-ink-900">
              {reasonLabel}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={REASON_MAX_LENGTH}
              aria-required={requiredText ? true : undefined}
              aria-invalid={missing}
              aria-describedby={missing ? `${id}-reason-error` : undefined}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setMissing(false);
              }}
              className="w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-ink-900 focus:border-terracotta-600 aria-[invalid=true]:border-red-700"
            />
            {missing ? (
              <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-800">
                {requiredText}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {backLabel}
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
