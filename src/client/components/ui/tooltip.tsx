import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * Tooltips open after 700 ms (docs/product.md#constants), and skip that delay for 300 ms after
 * one closes. Each tooltip brings its own provider, so screens without
 * tooltips do not load them.
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={6}
            className="z-[70] rounded-lg bg-ink-900 px-2.5 py-1.5 text-xs text-white shadow animate-fade-in"
          >
            {content}
            <RadixTooltip.Arrow className="fill-ink-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
