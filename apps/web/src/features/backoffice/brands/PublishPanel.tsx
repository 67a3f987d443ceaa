import type { BrandAdminView, BrandChecklistKey } from '@openbroker/domain';
import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useMessageText } from '../../../ui/forms.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { BoPanel } from '../shell/BoPage.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { StatusBadge } from '../shell/cells.js';
import { SkeletonBlock } from '../shell/states.js';
import { useBrandPublication, useSetPublished } from './useBrandAdmin.js';

/** Where each checklist item is fixed: a tab of this brand's page, its site settings or its content pages. */
const FIX: Record<BrandChecklistKey, { label: TranslationKey; link: (id: number) => string }> = {
  legalPages: { label: 'bob.check.legalPages', link: (id) => `/backoffice/content?brand=${id}&lang=en` },
  supportEmail: { label: 'bob.check.supportEmail', link: (id) => `/backoffice/brands/${id}?tab=legal` },
  paymentMethod: { label: 'bob.check.paymentMethod', link: (id) => `/backoffice/brands/${id}?tab=payments` },
  riskWarning: { label: 'bob.check.riskWarning', link: (id) => `/backoffice/site?brand=${id}` },
};

/**
 * A brand's status and publish checklist: each item green or red with a link to where it is fixed. A draft is
 * published once every item is green (after a confirmation); a published brand can be returned to draft.
 */
export function PublishPanel({ brand }: { brand: BrandAdminView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const text = useMessageText();
  const query = useBrandPublication(brand.id, true);
  const change = useSetPublished(brand.id);
  const [asking, setAsking] = useState<'publish' | 'unpublish' | null>(null);
  const publication = query.data;
  const draft = (publication?.status ?? brand.status) === 'draft';
  const failure =
    change.error && isApiError(change.error) && change.error.key
      ? text({ key: change.error.key as never })
      : change.error
        ? t('bob.publish.failed')
        : null;
  return (
    <BoPanel
      className="bob-publish"
      title={
        <span className="d-inline-flex align-items-center gap-2">
          {t('bob.publish.title')}
          <span data-testid="bob-status">
            {draft ? (
              <StatusBadge tone="warning" icon="bi-pencil-square">
                {t('bob.status.draft')}
              </StatusBadge>
            ) : (
              <StatusBadge tone="success" icon="bi-broadcast">
                {t('bob.status.published')}
              </StatusBadge>
            )}
          </span>
        </span>
      }
      actions={
        publication &&
        (draft ? (
          <Button
            size="sm"
            variant="primary"
            disabled={!publication.ready || change.isPending}
            onClick={() => setAsking('publish')}
            data-testid="bob-publish"
          >
            <i className="bi bi-broadcast me-1" aria-hidden="true" />
            {t('bob.publish.publish')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={change.isPending}
            onClick={() => setAsking('unpublish')}
            data-testid="bob-unpublish"
          >
            {t('bob.publish.unpublish')}
          </Button>
        ))
      }
    >
      <p className="bob-lead mb-2">{t(draft ? 'bob.publish.leadDraft' : 'bob.publish.leadPublished')}</p>
      {!publication ? (
        <SkeletonBlock lines={4} />
      ) : (
        <>
          <div className="bob-check-progress">
            <span className="small fw-semibold" data-testid="bob-check-progress">
              {t('bob.check.progress', {
                done: publication.checklist.filter((item) => item.ok).length,
                total: publication.checklist.length,
              })}
            </span>
            <div className="bob-check-bar" aria-hidden="true">
              <span
                style={{
                  width: `${(100 * publication.checklist.filter((item) => item.ok).length) / Math.max(1, publication.checklist.length)}%`,
                }}
              />
            </div>
          </div>
          <ul className="bob-checklist" data-testid="bob-checklist">
            {publication.checklist.map((item) => (
              <li
                key={item.key}
                className={item.ok ? 'is-ok' : 'is-missing'}
                data-testid={`bob-check-${item.key}`}
                data-ok={item.ok ? 'true' : 'false'}
              >
                <i
                  className={`bi ${item.ok ? 'bi-check-circle-fill' : 'bi-x-circle-fill'}`}
                  aria-hidden="true"
                />
                <span className="visually-hidden">{t(item.ok ? 'bob.check.ok' : 'bob.check.missing')}: </span>
                <span className="bob-check-text">
                  <span className="bob-check-label">{t(FIX[item.key].label)}</span>
                  {item.missing.length > 0 && (
                    <span className="d-block small text-body-secondary">
                      {t('bob.check.missingPages', {
                        pages: item.missing.map((slug) => `/${slug}`).join(', '),
                      })}
                    </span>
                  )}
                </span>
                <Link
                  to={FIX[item.key].link(brand.id)}
                  className={`bob-check-fix btn btn-sm ${item.ok ? 'btn-link' : 'btn-outline-danger'}`}
                >
                  {t(item.ok ? 'bob.check.review' : 'bob.check.fix')}
                  {!item.ok && <i className="bi bi-arrow-right ms-1" aria-hidden="true" />}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {failure && !asking && (
        <Alert variant="danger" className="mt-2 mb-0" role="alert">
          {failure}
        </Alert>
      )}
      {query.isFetching && publication && (
        <Spinner size="sm" animation="border" className="ms-2" aria-label={t('bob.publish.checking')} />
      )}
      <ConfirmDialog
        show={asking !== null}
        title={t(asking === 'unpublish' ? 'bob.publish.unpublishTitle' : 'bob.publish.publishTitle', {
          name: brand.name,
        })}
        body={t(asking === 'unpublish' ? 'bob.publish.unpublishBody' : 'bob.publish.publishBody', {
          host: brand.hosts[0] ?? '',
        })}
        confirmLabel={t(
          asking === 'unpublish' ? 'bob.publish.unpublishConfirm' : 'bob.publish.publishConfirm',
        )}
        variant={asking === 'unpublish' ? 'danger' : 'primary'}
        pending={change.isPending}
        error={asking ? failure : null}
        onCancel={() => {
          change.reset();
          setAsking(null);
        }}
        onConfirm={() =>
          change.mutate(asking === 'publish', {
            onSuccess: (next) => {
              setAsking(null);
              toast('success', { key: next.status === 'published' ? 'bob.published' : 'bob.unpublished' });
            },
          })
        }
      />
    </BoPanel>
  );
}
