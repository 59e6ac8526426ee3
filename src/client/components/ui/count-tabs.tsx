import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

/** Tabs with counts, keyboard-navigable (arrow keys) through Radix. */
export function CountTabs({
  label,
  tabs,
  defaultValue,
}: {
  label: string;
  tabs: { value: string; title: string; count?: number; content: ReactNode }[];
  defaultValue: string;
}) {
  return (
    <Tabs.Root defaultValue={defaultValue}>
      <Tabs.List aria-label={label} className="mb-6 flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="inline-flex h-10 items-center gap-2 rounded-full border border-sand-300 bg-white px-4 text-sm font-medium text-ink-700 data-[state=active]:border-ink-900 data-[state=active]:bg-ink-900 data-[state=active]:text-white"
          >
            {tab.title}
            {tab.count !== undefined ? (
              <span className="rounded-full bg-sand-200 px-2 text-xs text-ink-900">{tab.count}</span>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="outline-none">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
