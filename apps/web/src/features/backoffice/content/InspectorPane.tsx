import { CONTENT_LIMITS } from '@openbroker/domain';
import { useId } from 'react';
import { Form, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SettingsPanel } from './SettingsPanel.js';
import { addColumn, countNodes, removeColumn, updateSettings } from './tree.js';
import type { PageEditorState } from './usePageEditor.js';

/** The page's own fields: title, address and description for search engines. */
function PageFields({ editor }: { editor: PageEditorState }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const { doc, change } = editor;
  return (
    <div className="bo-ed-fields" data-testid="page-fields">
      <Form.Group controlId={`${fieldId}-title`}>
        <Form.Label>{t('bo.editor.page.title')}</Form.Label>
        <Form.Control
          size="sm"
          value={doc.title}
          maxLength={CONTENT_LIMITS.maxTitle}
          isInvalid={!editor.titleValid}
          onChange={(event) => change((before) => ({ ...before, title: event.target.value }), 'page:title')}
          data-testid="page-title"
        />
        <Form.Control.Feedback type="invalid">{t('bo.editor.page.titleRequired')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={`${fieldId}-slug`}>
        <Form.Label>{t('bo.editor.page.slug')}</Form.Label>
        <Form.Control
          size="sm"
          value={doc.slug}
          maxLength={CONTENT_LIMITS.maxSlug}
          isInvalid={!editor.slugValid}
          onChange={(event) =>
            change((before) => ({ ...before, slug: event.target.value.trim().toLowerCase() }), 'page:slug')
          }
          data-testid="page-slug"
        />
        <Form.Control.Feedback type="invalid">{t('bo.editor.page.slugInvalid')}</Form.Control.Feedback>
        <Form.Text className="bo-ed-note">{t('bo.editor.page.slugHint')}</Form.Text>
      </Form.Group>
      <Form.Group controlId={`${fieldId}-description`}>
        <Form.Label>{t('bo.editor.page.description')}</Form.Label>
        <Form.Control
          size="sm"
          as="textarea"
          rows={3}
          maxLength={CONTENT_LIMITS.maxDescription}
          value={doc.description}
          onChange={(event) =>
            change((before) => ({ ...before, description: event.target.value }), 'page:description')
          }
          data-testid="page-description"
        />
        <Form.Text className="bo-ed-note">{t('bo.editor.page.descriptionHint')}</Form.Text>
      </Form.Group>
      <div className="bo-ed-page-stats">
        <i className="bi bi-layers me-1" aria-hidden="true" />
        {t('bo.editor.page.count', { n: countNodes(doc.nodes) })}
      </div>
    </div>
  );
}

/** The right-hand inspector: the selected component's settings, or the page's own fields. */
export function InspectorPane({ editor }: { editor: PageEditorState }) {
  const { t } = useTranslation();
  const { tab, selectedNode, changeNodes, issues } = editor;
  return (
    <aside className="bo-ed-right" aria-label={t('bo.editor.inspector')}>
      <Nav
        variant="tabs"
        activeKey={tab}
        className="bo-ed-tabs"
        onSelect={(key) => editor.setTab(key === 'page' ? 'page' : 'component')}
      >
        <Nav.Item>
          <Nav.Link eventKey="component" disabled={!selectedNode} data-testid="tab-component">
            {t('bo.editor.tab.component')}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="page" data-testid="tab-page">
            {t('bo.editor.tab.page')}
          </Nav.Link>
        </Nav.Item>
      </Nav>
      <div className="bo-ed-inspector">
        {tab === 'component' && selectedNode ? (
          <SettingsPanel
            key={selectedNode.id}
            node={selectedNode}
            brandId={editor.brandId}
            onChange={(settings) =>
              changeNodes(
                (nodes) => updateSettings(nodes, selectedNode.id, settings),
                `settings:${selectedNode.id}`,
              )
            }
            onAddColumn={() => changeNodes((nodes) => addColumn(nodes, selectedNode.id))}
            onRemoveColumn={(column) => changeNodes((nodes) => removeColumn(nodes, selectedNode.id, column))}
            errors={issues
              .filter((issue) => issue.target?.id === selectedNode.id)
              .map((issue) => ({
                field: issue.target?.field ?? '',
                text: editor.translateIssue(issue.message, issue.params),
              }))}
          />
        ) : (
          <PageFields editor={editor} />
        )}
      </div>
    </aside>
  );
}
