import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-terracotta-600 text-white hover:bg-terracotta-700 shadow-sm',
  secondary: 'bg-white text-ink-900 border border-sand-300 hover:bg-sand-100',
  ghost: 'text-ink-700 hover:bg-sand-100',
  subtle: 'bg-sand-100 text-ink-900 hover:bg-sand-200',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-11 w-11',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/**
 * The classes of a button. A link that looks like a button is a link with
 * `className={buttonClass({ variant, size })}`, not a Button wrapping it: the Slot that would render
 * the child in the button's place would ship in the JavaScript of every page that uses a Button.
 */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors',
    'disabled:pointer-events-none disabled:opacity-50 cursor-pointer select-none',
    variants[variant],
    sizes[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A button (`type="button"` unless told). For a link with a button's look, see `buttonClass`. */
export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
