import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A single-line text field in the design system's look; an invalid one (aria-invalid) shows a red border. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-ink-900 placeholder:text-ink-500 focus:border-terracotta-600 aria-[invalid=true]:border-red-700',
        className,
      )}
      {...props}
    />
  );
}
