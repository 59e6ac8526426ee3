import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from './input';

/** A search field: the design system's input with a magnifier in front (label it where it is used). */
export function SearchInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="relative">
      <Search
        aria-hidden
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-500"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
