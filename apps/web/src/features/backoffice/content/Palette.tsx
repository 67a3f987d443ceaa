import type { ComponentType } from '@openbroker/domain';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { COMPONENT_META, PALETTE_GROUPS } from './componentMeta.js';
import { ALL_TYPES } from './tree.js';

/** The palette of all 22 component types, grouped; picking one adds it at the chosen place. */
export function Palette({
  show,
  onPick,
  onClose,
}: {
  show: boolean;
  onPick: (type: ComponentType) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      scrollable
      size="lg"
      className="bo-modal"
      data-testid="palette"
    >
      <Modal.Header closeButton closeLabel={t('bo.cancel')}>
        <Modal.Title as="h2" className="bo-modal-title">
          {t('bo.editor.addComponent')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {PALETTE_GROUPS.map((group) => (
          <section key={group.id} className="bo-ed-palette-group">
            <h3 className="bo-ed-palette-title">{t(group.label)}</h3>
            <div className="bo-ed-palette-grid">
              {ALL_TYPES.filter((type) => COMPONENT_META[type].group === group.id).map((type) => (
                <button
                  key={type}
                  type="button"
                  className="bo-ed-palette-item"
                  onClick={() => onPick(type)}
                  data-testid={`palette-${type}`}
                >
                  <i className={`bi ${COMPONENT_META[type].icon}`} aria-hidden="true" />
                  <span>{t(COMPONENT_META[type].label)}</span>
                </button>
              ))}
            </div>
          </section>
        ))}
      </Modal.Body>
    </Modal>
  );
}
