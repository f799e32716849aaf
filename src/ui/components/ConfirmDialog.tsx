import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../../i18n';

interface Props {
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** a second way forward (check-in: « les marquer absents » next to « les apparier quand même ») */
  extra?: { label: string; onClick: () => void };
}

/** A native <dialog>: modal, focus-trapped and closed by Escape without any code of ours. */
export function ConfirmDialog({ message, confirmLabel, danger, onConfirm, onCancel, extra }: Props) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog ref={ref} class="dialog" onCancel={onCancel} aria-labelledby="confirm-text">
      <p id="confirm-text">{message}</p>
      <div class="row end">
        <button type="button" class="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        {extra && (
          <button type="button" class="btn" onClick={extra.onClick}>
            {extra.label}
          </button>
        )}
        <button type="button" class={danger ? 'btn danger' : 'btn primary'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
