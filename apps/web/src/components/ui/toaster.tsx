import { useTranslation } from 'react-i18next';

import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToast } from './use-toast';

/** Renders the toast store. Mounted once, in the app providers. */
export function Toaster() {
  const { t } = useTranslation('common');
  const { toasts } = useToast();
  return (
    <ToastProvider label={t('notifications')}>
      {toasts.map(({ id, title, description, action, variant, open, duration }) => (
        <Toast
          key={id}
          variant={variant ?? 'default'}
          open={open}
          {...(duration === undefined ? {} : { duration })}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title !== undefined && <ToastTitle>{title}</ToastTitle>}
            {description !== undefined && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose aria-label={t('close')} />
        </Toast>
      ))}
      <ToastViewport label={t('notificationsRegion')} />
    </ToastProvider>
  );
}
