import type { ContentVersionRow } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Offcanvas, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ContentPageBody } from '../../../shared/content/ContentRenderer.js';
import { DateTime, StatusBadge } from '../shell/cells.js';
import { BoEmpty, ErrorBlock, SkeletonBlock } from '../shell/states.js';
import { contentApi, useVersions } from './api.js';
import { PreviewFrame } from './PreviewFrame.js';
import { VersionCompare } from './VersionCompare.js';

function useVersion(pageId: number, version: number | null) {
  return useQuery({
    queryKey: ['bo', 'content', 'version', pageId, version],
    queryFn: ({ signal }) => contentApi.version(pageId, version as number, signal),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Versions of a page: list, view one, compare two, restore one. */
export function VersionsDrawer({
  show,
  pageId,
  publishedVersion,
  dirty,
  onClose,
  onRestored,
}: {
  show: boolean;
  pageId: number;
  publishedVersion: number | null;
  dirty: boolean;
  onClose: () => void;
  onRestored: (version: number) => void;
}) {
  const { t } = useTranslation();
  const versions = useVersions(pageId, show);
  const list = versions.data ? [...versions.data].sort((a, b) => b.version - a.version) : undefined;
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<ContentVersionRow | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // Default comparison: the newest version against the one before it.
  useEffect(() => {
    if (!list || list.length === 0) return;
    if (to === null) setTo(list[0]?.version ?? null);
    if (from === null) setFrom(list[1]?.version ?? list[0]?.version ?? null);
  }, [list, from, to]);

  const [comparing, setComparing] = useState(false);
  const before = useVersion(pageId, comparing ? from : null);
  const after = useVersion(pageId, comparing ? to : null);
  const viewed = useVersion(pageId, viewing);

  const restore = async () => {
    if (!restoring) return;
    setPending(true);
    setRestoreError(null);
    try {
      const result = await contentApi.restore(pageId, restoring.version);
      setRestoring(null);
      onRestored(result.draft.version);
    } catch {
      setRestoreError(t('bo.editor.versions.restoreFailed'));
    } finally {
      setPending(false);
    }
  };

  const select = (value: number | null, onChange: (n: number) => void, label: string, testId: string) => (
    <Form.Group controlId={testId} className="flex-fill">
      <Form.Label className="bo-ed-sublabel">{label}</Form.Label>
      <Form.Select
        size="sm"
        value={value ?? ''}
        onChange={(event) => {
          onChange(Number(event.target.value));
          setComparing(false);
        }}
        data-testid={testId}
      >
        {(list ?? []).map((row) => (
          <option key={row.version} value={row.version}>
            {t('bo.editor.versionN', { n: row.version })} · {row.title}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );

  return (
    <>
      <Offcanvas
        show={show}
        onHide={onClose}
        placement="end"
        className="bo-ed-drawer"
        data-testid="versions-drawer"
      >
        <Offcanvas.Header closeButton closeLabel={t('bo.cancel')}>
          <Offcanvas.Title as="h2" className="bo-modal-title">
            {t('bo.editor.versions.title')}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          {versions.isError ? (
            <ErrorBlock error={versions.error} onRetry={() => void versions.refetch()} />
          ) : !list ? (
            <SkeletonBlock lines={5} />
          ) : (
            <>
              {list.length === 0 && (
                <BoEmpty icon="bi-clock-history" hint={t('bo.editor.versions.emptyHint')}>
                  {t('bo.editor.versions.empty')}
                </BoEmpty>
              )}
              {list.length > 1 && (
                <section className="bo-ed-compare-box">
                  <h3 className="bo-ed-diff-title">{t('bo.editor.compare.title')}</h3>
                  <div className="d-flex gap-2 align-items-end">
                    {select(from, setFrom, t('bo.editor.compare.from'), 'compare-from')}
                    {select(to, setTo, t('bo.editor.compare.to'), 'compare-to')}
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={from === null || to === null || list.length < 2}
                      onClick={() => setComparing(true)}
                      data-testid="compare-run"
                    >
                      {t('bo.editor.compare.run')}
                    </Button>
                  </div>
                  {comparing && (
                    <div className="mt-3">
                      {before.isError || after.isError ? (
                        <ErrorBlock error={before.error ?? after.error} />
                      ) : before.data && after.data ? (
                        <VersionCompare before={before.data} after={after.data} />
                      ) : (
                        <SkeletonBlock lines={3} />
                      )}
                    </div>
                  )}
                </section>
              )}
              <ul className="list-unstyled bo-ed-versions" data-testid="versions-list">
                {list.map((row) => (
                  <li key={row.version} className="bo-ed-version" data-testid={`version-${row.version}`}>
                    <div className="bo-ed-version-main">
                      <div className="d-flex align-items-center gap-2">
                        <strong>{t('bo.editor.versionN', { n: row.version })}</strong>
                        {(row.published || row.version === publishedVersion) && (
                          <StatusBadge tone="success" icon="bi-broadcast">
                            {t('bo.editor.live')}
                          </StatusBadge>
                        )}
                      </div>
                      <div className="text-truncate">{row.title}</div>
                      <div className="bo-ed-version-meta">
                        <DateTime value={row.createdAt} />
                        {row.createdBy !== null && row.createdBy !== undefined && (
                          <span> · {String(row.createdBy)}</span>
                        )}
                      </div>
                    </div>
                    <div className="btn-group btn-group-sm">
                      <Button variant="outline-secondary" onClick={() => setViewing(row.version)}>
                        {t('bo.editor.versions.view')}
                      </Button>
                      <Button
                        variant="outline-secondary"
                        onClick={() => setRestoring(row)}
                        data-testid={`restore-${row.version}`}
                      >
                        {t('bo.editor.versions.restore')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Offcanvas.Body>
      </Offcanvas>

      <Modal
        show={viewing !== null}
        onHide={() => setViewing(null)}
        size="xl"
        centered
        className="bo-modal"
        data-testid="version-view"
      >
        <Modal.Header closeButton closeLabel={t('bo.cancel')}>
          <Modal.Title as="h2" className="bo-modal-title">
            {t('bo.editor.versionN', { n: viewing ?? 0 })}
            {viewed.data && <span className="text-body-secondary ms-2">{viewed.data.title}</span>}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="bo-ed-version-body">
          {viewed.isError ? (
            <ErrorBlock error={viewed.error} />
          ) : viewed.data ? (
            <PreviewFrame width={1200} title={t('bo.editor.preview')}>
              <ContentPageBody components={viewed.data.components ?? []} />
            </PreviewFrame>
          ) : (
            <SkeletonBlock lines={6} />
          )}
        </Modal.Body>
      </Modal>

      <Modal
        show={restoring !== null}
        onHide={() => setRestoring(null)}
        centered
        className="bo-modal"
        data-testid="restore-confirm"
      >
        <Modal.Header closeButton closeLabel={t('bo.cancel')}>
          <Modal.Title as="h2" className="bo-modal-title">
            {t('bo.editor.versions.restoreTitle', { n: restoring?.version ?? 0 })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t('bo.editor.versions.restoreBody')}</p>
          {dirty && (
            <Alert variant="warning" className="mt-3 mb-0">
              {t('bo.editor.versions.restoreDirty')}
            </Alert>
          )}
          {restoreError && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {restoreError}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setRestoring(null)} disabled={pending}>
            {t('bo.cancel')}
          </Button>
          <Button
            variant="primary"
            onClick={() => void restore()}
            disabled={pending}
            data-testid="restore-submit"
          >
            {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('bo.editor.versions.restore')}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
