import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { dismissToast, TOAST_DURATION_MS, useToasts } from './toast-store';

/** The toast region: F8 focuses it, swipe right (50 px) dismisses (docs/product.md#notifications: Radix defaults). */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label={t('toast.announce')}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-slide-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            'data-[swipe=end]:translate-x-full data-[swipe=end]:transition-transform',
            item.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-sand-200 bg-white text-ink-900',
          )}
        >
          <div className="grid gap-1">
            {item.title ? <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title> : null}
            {item.description ? (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            ) : null}
          </div>
          {item.action ? (
            <Toast.Action
              altText={item.action.label}
              onClick={item.action.onClick}
              className="ml-auto shrink-0 rounded-full border px-3 py-1 text-sm font-medium"
            >
              {item.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close
            aria-label={t('toast.close')}
            className="absolute right-2 top-2 rounded-full p-1.5 opacity-70 hover:opacity-100"
          >
            <X aria-hidden className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={t('toast.region')}
        className="fixed bottom-20 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:bottom-4 md:max-w-[420px] lg:bottom-0"
      />
    </Toast.Provider>
  );
}
