import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. No class merging: a component that lets callers restyle
 * it offers a variant instead, so two utilities never fight over one property.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
