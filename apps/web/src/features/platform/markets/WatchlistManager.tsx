import { moveSymbol, WATCHLIST_NAME_MAX, type Watchlist } from '@openbroker/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form, InputGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { WatchlistChange } from './watchlistsApi.js';

/** A list's name as shown: the favourites in the reader's language, the others as the client named them. */
export function useListName(): (list: Watchlist) => string {
  const { t } = useTranslation();
  return (list) => (list.favourites ? t('watch.favourites') : list.name);
}

/** A new or changed name: trimmed, 1 to 40 characters (the server checks again). */
const nameOk = (name: string) => name.trim().length > 0 && name.trim().length <= WATCHLIST_NAME_MAX;

/**
 * The watchlist manager: add the market on screen to a list, make, rename and delete lists, and put a list's
 * markets in order with up and down buttons (reachable by keyboard). Every change is saved at once.
 */
export function WatchlistManager({
  lists,
  symbol,
  orderOf,
  onChange,
  onClose,
}: {
  lists: Watchlist[];
  /** The market on screen. */
  symbol: string;
  /** The list whose order is shown first (the one the market list shows), else the favourites. */
  orderOf: number | undefined;
  onChange: (change: WatchlistChange) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const nameOf = useListName();
  const [target, setTarget] = useState<number | undefined>(lists[0]?.id);
  const [ordered, setOrdered] = useState<number | undefined>(orderOf ?? lists[0]?.id);
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const addTo = lists.find((l) => l.id === target) ?? lists[0];
  const order = lists.find((l) => l.id === ordered) ?? lists[0];

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!nameOk(newName)) return;
    onChange({ kind: 'create', name: newName.trim() });
    setNewName('');
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (!renaming || !nameOk(renaming.name)) return;
    onChange({ kind: 'rename', id: renaming.id, name: renaming.name.trim() });
    setRenaming(null);
  };

  return (
    <Modal
      show
      onHide={onClose}
      centered
      scrollable
      aria-labelledby={`${id}-title`}
      data-testid="watch-manager"
    >
      <Modal.Header closeButton closeLabel={t('app.close')}>
        <Modal.Title id={`${id}-title`} className="fs-6">
          {t('watch.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="ob-watch-manager">
        {addTo && (
          <section>
            <Form.Label htmlFor={`${id}-target`} className="ob-watch-label">
              {t('watch.addTo', { symbol })}
            </Form.Label>
            <InputGroup size="sm">
              <Form.Select
                id={`${id}-target`}
                value={addTo.id}
                onChange={(event) => setTarget(Number(event.target.value))}
                data-testid="watch-add-target"
              >
                {lists.map((list) => (
                  <option key={list.id} value={list.id}>
                    {nameOf(list)}
                  </option>
                ))}
              </Form.Select>
              <Button
                variant="primary"
                disabled={addTo.id < 0 || addTo.symbols.includes(symbol)}
                onClick={() => onChange({ kind: 'add', id: addTo.id, symbol })}
                data-testid="watch-add"
              >
                {t('watch.add')}
              </Button>
            </InputGroup>
          </section>
        )}

        <section>
          <ul className="ob-watch-lists list-unstyled mb-0">
            {lists.map((list) => (
              <li key={list.id} data-testid={`watch-list-${list.id}`}>
                {renaming?.id === list.id ? (
                  <Form onSubmit={rename} className="flex-grow-1">
                    <InputGroup size="sm">
                      <Form.Control
                        value={renaming.name}
                        maxLength={WATCHLIST_NAME_MAX}
                        onChange={(event) => setRenaming({ id: list.id, name: event.target.value })}
                        aria-label={t('watch.renameList', { list: nameOf(list) })}
                        autoFocus
                        data-testid="watch-rename-input"
                      />
                      <Button type="submit" disabled={!nameOk(renaming.name)} data-testid="watch-rename-save">
                        {t('watch.save')}
                      </Button>
                      <Button variant="outline-secondary" onClick={() => setRenaming(null)}>
                        {t('watch.cancel')}
                      </Button>
                    </InputGroup>
                  </Form>
                ) : (
                  <>
                    <span className="ob-watch-name">
                      {list.favourites && <i className="bi bi-star-fill me-1" aria-hidden="true" />}
                      {nameOf(list)}
                      <span className="ob-watch-count">{list.symbols.length}</span>
                    </span>
                    {!list.favourites && list.id > 0 && (
                      <span className="ob-watch-actions">
                        <Button
                          size="sm"
                          variant="link"
                          aria-label={t('watch.renameList', { list: list.name })}
                          title={t('watch.rename')}
                          onClick={() => setRenaming({ id: list.id, name: list.name })}
                          data-testid={`watch-rename-${list.id}`}
                        >
                          <i className="bi bi-pencil" aria-hidden="true" />
                        </Button>
                        <Button
                          size="sm"
                          variant="link"
                          className="text-danger"
                          aria-label={t('watch.deleteList', { list: list.name })}
                          title={t('watch.deleteList', { list: list.name })}
                          onClick={() => onChange({ kind: 'delete', id: list.id })}
                          data-testid={`watch-delete-${list.id}`}
                        >
                          <i className="bi bi-trash" aria-hidden="true" />
                        </Button>
                      </span>
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
          <Form onSubmit={create} className="mt-2">
            <Form.Label htmlFor={`${id}-new`} className="ob-watch-label">
              {t('watch.new')}
            </Form.Label>
            <InputGroup size="sm">
              <Form.Control
                id={`${id}-new`}
                value={newName}
                maxLength={WATCHLIST_NAME_MAX}
                placeholder={t('watch.listName')}
                onChange={(event) => setNewName(event.target.value)}
                data-testid="watch-new-name"
              />
              <Button type="submit" disabled={!nameOk(newName)} data-testid="watch-create">
                {t('watch.create')}
              </Button>
            </InputGroup>
          </Form>
        </section>

        {order && (
          <section>
            <Form.Label htmlFor={`${id}-order`} className="ob-watch-label">
              {t('watch.order', { list: nameOf(order) })}
            </Form.Label>
            <Form.Select
              id={`${id}-order`}
              size="sm"
              value={order.id}
              onChange={(event) => setOrdered(Number(event.target.value))}
              data-testid="watch-order-list"
            >
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {nameOf(list)}
                </option>
              ))}
            </Form.Select>
            {order.symbols.length === 0 ? (
              <p className="ob-watch-empty">{t('watch.emptyOrder')}</p>
            ) : (
              <ol className="ob-watch-order list-unstyled mb-0" data-testid="watch-order">
                {order.symbols.map((s, index) => (
                  <li key={s} data-testid={`watch-order-${s}`}>
                    <span className="ob-watch-symbol">{s}</span>
                    <span className="ob-watch-actions">
                      <Button
                        size="sm"
                        variant="link"
                        disabled={index === 0 || order.id < 0}
                        aria-label={t('watch.moveUp', { symbol: s })}
                        onClick={() =>
                          onChange({
                            kind: 'reorder',
                            id: order.id,
                            symbols: moveSymbol(order.symbols, s, -1),
                          })
                        }
                        data-testid={`watch-up-${s}`}
                      >
                        <i className="bi bi-arrow-up" aria-hidden="true" />
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        disabled={index === order.symbols.length - 1 || order.id < 0}
                        aria-label={t('watch.moveDown', { symbol: s })}
                        onClick={() =>
                          onChange({
                            kind: 'reorder',
                            id: order.id,
                            symbols: moveSymbol(order.symbols, s, 1),
                          })
                        }
                        data-testid={`watch-down-${s}`}
                      >
                        <i className="bi bi-arrow-down" aria-hidden="true" />
                      </Button>
                      <Button
                        size="sm"
                        variant="link"
                        className="text-danger"
                        disabled={order.id < 0}
                        aria-label={t('watch.removeSymbol', { symbol: s, list: nameOf(order) })}
                        onClick={() => onChange({ kind: 'remove', id: order.id, symbol: s })}
                        data-testid={`watch-remove-${s}`}
                      >
                        <i className="bi bi-x-lg" aria-hidden="true" />
                      </Button>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}
      </Modal.Body>
    </Modal>
  );
}
