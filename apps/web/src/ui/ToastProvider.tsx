import { TIMING } from '@openbroker/domain';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { Toast, ToastContainer } from 'react-bootstrap';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { type TextMessage, useMessageText } from './forms.js';
import './ToastProvider.css';

export type ToastVariant = 'success' | 'danger' | 'info';

interface ToastItem {
  id: number;
  variant: ToastVariant;
  message: TextMessage;
}

type ShowToast = (variant: ToastVariant, message: TextMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);
/** Registers the element a screen reserves for its toasts (see ToastSlot). */
const SlotContext = createContext<((element: HTMLElement | null) => void) | null>(null);

const ICONS: Record<ToastVariant, string> = {
  success: 'bi-check-circle-fill',
  danger: 'bi-exclamation-octagon-fill',
  info: 'bi-info-circle-fill',
};

/**
 * One toast; it autohides (spec §8), but not while the keyboard focus is in it, so a long message can be read
 * (and scrolled, in the terminal's toast cell) to its end; the full delay starts again once the focus leaves.
 * The pointer does not hold it: a toast that appears under a resting pointer would otherwise never go, and
 * cover what is under it.
 */
function HeldToast({
  variant,
  text,
  closeLabel,
  onClose,
}: {
  variant: ToastVariant;
  text: string;
  closeLabel: string;
  onClose: () => void;
}) {
  const [focus, setFocus] = useState(false);
  return (
    <Toast
      bg={variant}
      data-testid={`toast-${variant}`}
      autohide={!focus}
      delay={TIMING.toastAutohideMs}
      onClose={onClose}
      onFocus={() => setFocus(true)}
      onBlur={() => setFocus(false)}
    >
      <Toast.Body className="d-flex align-items-center gap-2 text-white">
        <i className={`bi ${ICONS[variant]}`} aria-hidden="true" />
        <span className="flex-grow-1 ob-toast-text">{text}</span>
        <button
          type="button"
          className="btn-close btn-close-white"
          aria-label={closeLabel}
          onClick={onClose}
        />
      </Toast.Body>
    </Toast>
  );
}

/**
 * Hosts the app's toasts (spec §8: success toasts autohide after 3 s): top right below the header, or,
 * on a screen that reserves a place for them with <ToastSlot> (the trading terminal, whose figures a
 * floating toast would cover), in that place, newest first.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback<ShowToast>((variant, message) => {
    setToasts((current) => [...current, { id: Date.now() + Math.random(), variant, message }]);
  }, []);
  const dismiss = useCallback(
    (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)),
    [],
  );
  const value = useMemo(() => show, [show]);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const list = slot ? [...toasts].reverse() : toasts;

  const items = list.map((toast) => (
    <HeldToast
      key={toast.id}
      variant={toast.variant}
      text={text(toast.message)}
      closeLabel={t('app.close')}
      onClose={() => dismiss(toast.id)}
    />
  ));

  return (
    <ToastContext.Provider value={value}>
      <SlotContext.Provider value={setSlot}>{children}</SlotContext.Provider>
      {slot ? (
        createPortal(items, slot)
      ) : (
        <ToastContainer className="p-3 ob-toasts" containerPosition="fixed">
          {items}
        </ToastContainer>
      )}
    </ToastContext.Provider>
  );
}

/**
 * A place in a screen's own layout where the toasts show while it is mounted, instead of floating over
 * the page. Give it a size in the layout and let it scroll: the newest stays on top, longer ones scroll.
 */
export function ToastSlot({ className }: { className?: string }) {
  const register = useContext(SlotContext);
  const ref = useCallback((element: HTMLDivElement | null) => register?.(element), [register]);
  return <div ref={ref} className={className} data-testid="toast-slot" />;
}

/** Shows a toast: `toast('success', {key: 'data.saved'})`. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used below <ToastProvider>');
  return show;
}
