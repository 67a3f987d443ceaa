import { CONTENT_LIMITS, type ContentPageRow, SLUG_PATTERN } from '@openbroker/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert, Button, Form, Modal, Nav, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import { BoPage } from '../shell/BoPage.js';
import { type BoColumn, BoTable } from '../shell/BoTable.js';
import { useBrands } from '../shell/BrandFilter.js';
import { BACKOFFICE_BASE } from '../shell/nav.js';
import { BoEmpty, DateTime, ErrorBlock, StatusBadge, useErrorText } from '../shell/ui.js';
import { CONTENT_LANGUAGES, useCreatePage, usePages } from './api.js';
import './editor.css';

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  it: 'Italiano',
  es: 'Español',
};

/** The "New page" dialog: title, slug (suggested from the title), description. */
function NewPageDialog({
  show,
  brandId,
  lang,
  onClose,
}: {
  show: boolean;
  brandId: number;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreatePage();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const suggested = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  const effectiveSlug = slugTouched ? slug : suggested;
  const titleValid = title.trim() !== '';
  const slugValid = SLUG_PATTERN.test(effectiveSlug);

  const reset = () => {
    setTitle('');
    setSlug('');
    setSlugTouched(false);
    setDescription('');
    setSubmitted(false);
    create.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!titleValid || !slugValid) return;
    create.mutate(
      { brandId, lang, title: title.trim(), slug: effectiveSlug, ...(description ? { description } : {}) },
      {
        onSuccess: (page) => {
          reset();
          onClose();
          void navigate(`${BACKOFFICE_BASE}/content/${page.id}`);
        },
      },
    );
  };

  const taken = isApiError(create.error) && create.error.httpStatus === 409;
  return (
    <Modal show={show} onHide={onClose} onExited={reset} centered className="bo-modal" data-testid="new-page">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('bo.cancel')}>
          <Modal.Title as="h2" className="bo-modal-title">
            {t('bo.editor.newPage')}
            <span className="bo-ed-lang ms-2">{lang.toUpperCase()}</span>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-grid gap-3">
          <Form.Group controlId={`${id}-title`}>
            <Form.Label>{t('bo.editor.page.title')}</Form.Label>
            <Form.Control
              value={title}
              maxLength={CONTENT_LIMITS.maxTitle}
              autoFocus
              isInvalid={submitted && !titleValid}
              onChange={(event) => setTitle(event.target.value)}
              data-testid="new-title"
            />
            <Form.Control.Feedback type="invalid">{t('bo.editor.page.titleRequired')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`${id}-slug`}>
            <Form.Label>{t('bo.editor.page.slug')}</Form.Label>
            <Form.Control
              value={effectiveSlug}
              maxLength={CONTENT_LIMITS.maxSlug}
              isInvalid={(submitted || slugTouched) && !slugValid}
              onChange={(event) => {
                setSlugTouched(true);
                setSlug(event.target.value.trim().toLowerCase());
              }}
              data-testid="new-slug"
            />
            <Form.Control.Feedback type="invalid">{t('bo.editor.page.slugInvalid')}</Form.Control.Feedback>
            <Form.Text className="bo-ed-note">{t('bo.editor.page.slugHint')}</Form.Text>
          </Form.Group>
          <Form.Group controlId={`${id}-description`}>
            <Form.Label>{t('bo.editor.page.description')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={CONTENT_LIMITS.maxDescription}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </Form.Group>
          {create.error && (
            <Alert variant="danger" className="mb-0" role="alert">
              {taken ? t('bo.editor.slugTaken') : errorText(create.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={create.isPending}>
            {t('bo.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending} data-testid="new-submit">
            {create.isPending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('bo.editor.create')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

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
