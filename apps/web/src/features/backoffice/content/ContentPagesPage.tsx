import type { ContentPageRow } from '@openbroker/domain';
import { useEffect, useState } from 'react';
import { Button, Form, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BoPage } from '../shell/BoPage.js';
import { type BoColumn, BoTable } from '../shell/BoTable.js';
import { useBrands } from '../shell/BrandFilter.js';
import { DateTime, StatusBadge } from '../shell/cells.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { BoEmpty, ErrorBlock } from '../shell/states.js';
import { CONTENT_LANGUAGES, usePages } from './api.js';
import './editor.css';
import { NewPageDialog } from './NewPageDialog.js';

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  it: 'Italiano',
  es: 'Español',
};

/**
 * Content pages: a brand's pages per language with slug, published flag and unpublished
 * changes; "New page" creates one and opens the editor.
 */
export function ContentPagesPage() {
  const { t } = useTranslation();
  const brands = useBrands();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const list = brands.data ?? [];
  const requested = Number(params.get('brand'));
  const brandId = list.some((brand) => brand.id === requested) ? requested : list[0]?.id;
  const langParam = params.get('lang') ?? 'en';
  const lang = (CONTENT_LANGUAGES as readonly string[]).includes(langParam) ? langParam : 'en';
  const pages = usePages(brandId, lang);
  const brand = list.find((item) => item.id === brandId);

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };

  // Remember the last brand and language for the next visit to the list.
  useEffect(() => {
    if (brandId !== undefined)
      window.sessionStorage.setItem('ob.bo.content', JSON.stringify({ brandId, lang }));
  }, [brandId, lang]);
  useEffect(() => {
    if (params.get('brand')) return;
    try {
      const stored = JSON.parse(window.sessionStorage.getItem('ob.bo.content') ?? 'null') as {
        brandId?: number;
        lang?: string;
      } | null;
      if (stored?.brandId) {
        const next = new URLSearchParams(params);
        next.set('brand', String(stored.brandId));
        if (stored.lang) next.set('lang', stored.lang);
        setParams(next, { replace: true });
      }
    } catch {
      // Nothing remembered.
    }
  }, [params, setParams]);

  const columns: BoColumn<ContentPageRow>[] = [
    {
      key: 'title',
      header: t('bo.editor.col.title'),
      cell: (row) => (
        <Link
          to={`${BACKOFFICE_BASE}/content/${row.id}`}
          className="fw-semibold"
          data-testid={`page-link-${row.id}`}
        >
          {row.title || t('bo.editor.untitled')}
        </Link>
      ),
    },
    {
      key: 'slug',
      header: t('bo.editor.col.slug'),
      cell: (row) => <code className="bo-ed-slug">/{row.slug}</code>,
    },
    {
      key: 'status',
      header: t('bo.editor.col.status'),
      cell: (row) => (
        <span className="d-inline-flex flex-wrap gap-1">
          {row.published ? (
            <StatusBadge tone="success" icon="bi-broadcast">
              {row.publishedVersion
                ? t('bo.editor.publishedN', { n: row.publishedVersion })
                : t('bo.editor.publishedSeed')}
            </StatusBadge>
          ) : (
            <StatusBadge tone="neutral" icon="bi-eye-slash">
              {t('bo.editor.draft')}
            </StatusBadge>
          )}
          {row.hasUnpublishedChanges && (
            <StatusBadge tone="warning" icon="bi-pencil">
              {t('bo.editor.unpublishedChanges')}
            </StatusBadge>
          )}
        </span>
      ),
    },
    {
      key: 'version',
      header: t('bo.editor.col.version'),
      align: 'end',
      cell: (row) => <span className="bo-num">{row.headVersion ? row.headVersion : '—'}</span>,
    },
    { key: 'updated', header: t('bo.editor.col.updated'), cell: (row) => <DateTime value={row.updatedAt} /> },
  ];

  return (
    <BoPage
      title={t('bo.editor.pagesTitle')}
      subtitle={t('bo.editor.pagesSubtitle')}
      testId="content-pages"
      actions={
        <div className="d-flex gap-2 align-items-end flex-wrap">
          <Form.Group controlId="content-brand" className="bo-filter">
            <Form.Label className="visually-hidden">{t('bo.brand')}</Form.Label>
            <Form.Select
              size="sm"
              value={brandId ?? ''}
              onChange={(event) => setParam('brand', event.target.value)}
              disabled={brands.isLoading}
              data-testid="content-brand"
            >
              {list.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Button
            size="sm"
            variant="primary"
            onClick={() => setCreating(true)}
            disabled={brandId === undefined}
            data-testid="new-page-open"
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('bo.editor.newPage')}
          </Button>
        </div>
      }
    >
      <Nav
        variant="tabs"
        activeKey={lang}
        className="bo-ed-langs mb-3"
        onSelect={(key) => key && setParam('lang', key)}
      >
        {CONTENT_LANGUAGES.map((code) => (
          <Nav.Item key={code}>
            <Nav.Link eventKey={code} data-testid={`lang-${code}`}>
              <span className="bo-ed-lang me-2">{code.toUpperCase()}</span>
              {LANGUAGE_NAMES[code]}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {brands.isError ? (
        <ErrorBlock error={brands.error} onRetry={() => void brands.refetch()} />
      ) : brands.data && list.length === 0 ? (
        <BoEmpty icon="bi-buildings">{t('bo.editor.noBrands')}</BoEmpty>
      ) : pages.isError ? (
        <ErrorBlock error={pages.error} onRetry={() => void pages.refetch()} />
      ) : (
        <BoTable
          columns={columns}
          rows={pages.data}
          rowKey={(row) => row.id}
          empty={t('bo.editor.noPages', { brand: brand?.name ?? '', lang: LANGUAGE_NAMES[lang] ?? lang })}
          emptyIcon="bi-file-earmark-richtext"
          testId="pages-table"
        />
      )}
      {brandId !== undefined && (
        <NewPageDialog show={creating} brandId={brandId} lang={lang} onClose={() => setCreating(false)} />
      )}
    </BoPage>
  );
}
