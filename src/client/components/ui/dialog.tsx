import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import type React from 'react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

interface DialogContentProps {
  /** Where focus goes when the dialog closes, when it was opened without a Trigger. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  /** Where focus goes when it opens (default: the first focusable element, the close button). */
  initialFocus?: React.RefObject<HTMLElement | null>;
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
}

/** A modal that traps focus, closes on Escape and gives focus back to its trigger (Radix). */
export function DialogContent({
  title,
  description,
  closeLabel,
  children,
  className,
  returnFocusTo,
  initialFocus,
}: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink-900/40 backdrop-blur-[2px] animate-fade-in" />
      <RadixDialog.Content
        className={cn(
          'fixed z-50 bg-white shadow-xl focus:outline-none animate-slide-in md:animate-fade-in',
          'inset-x-0 bottom-0 max-h-[90dvh] overflow-y-auto rounded-t-3xl p-6',
          'md:inset-auto md:left-1/2 md:top-1/2 md:w-full md:max-w-lg md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-3xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          if (!initialFocus?.current) return;
          event.preventDefault();
          initialFocus.current.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <RadixDialog.Title className="text-xl font-semibold text-ink-900">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-ink-600">{description}</RadixDialog.Description>
            ) : null}
          </div>
          <RadixDialog.Close
            aria-label={closeLabel}
            className="-m-2 rounded-full p-2 text-ink-600 hover:bg-sand-100 hover:text-ink-900"
          >
            <X aria-hidden className="h-5 w-5" />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
