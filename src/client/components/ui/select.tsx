import { Select as RadixSelect } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

interface SelectProps<T extends string> {
  id?: string;
  value: T;
  onValueChange: (value: T) => void;
  options: readonly { value: T; label: string; icon?: ReactNode }[];
  ariaLabel?: string;
  className?: string;
  triggerClassName?: string;
}

export function Select<T extends string>({
  id,
  value,
  onValueChange,
  options,
  ariaLabel,
  triggerClassName,
}: SelectProps<T>) {
  return (
    <RadixSelect.Root value={value} onValueChange={(v) => onValueChange(v as T)}>
      <RadixSelect.Trigger
        id={id}
        aria-label={ariaLabel}
        className={
          triggerClassName ??
          'inline-flex h-11 w-full items-center justify-between gap-2 rounded-xl border border-sand-300 bg-white px-3 text-sm text-ink-900 hover:bg-sand-50'
        }
      >
        <RadixSelect.Value />
        <RadixSelect.Icon>
          <ChevronDown aria-hidden className="h-4 w-4 text-ink-600" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={6}
          className="z-[60] max-h-80 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-sand-200 bg-white shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer select-none items-center gap-2 rounded-lg py-2 pl-8 pr-3 text-sm text-ink-900 outline-none data-[highlighted]:bg-sand-100"
              >
                <RadixSelect.ItemIndicator className="absolute left-2 inline-flex">
                  <Check aria-hidden className="h-4 w-4 text-terracotta-600" />
                </RadixSelect.ItemIndicator>
                {option.icon}
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
