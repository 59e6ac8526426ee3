import { Checkbox as RadixCheckbox } from 'radix-ui';
import { Check } from 'lucide-react';

interface CheckboxProps {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
}

export function Checkbox({ id, checked, onCheckedChange, label }: CheckboxProps) {
  return (
    <div className="flex items-center gap-3">
      <RadixCheckbox.Root
        id={id}
        checked={checked}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        className="flex h-5 w-5 shrink-0 items-center justify-center rounded-md border-2 border-ink-500 bg-white data-[state=checked]:border-terracotta-600 data-[state=checked]:bg-terracotta-600"
      >
        <RadixCheckbox.Indicator>
          <Check aria-hidden className="h-3.5 w-3.5 text-white" strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id} className="cursor-pointer text-sm text-ink-900">
        {label}
      </label>
    </div>
  );
}
