import type { ContentPageVersion } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../shell/cells.js';
import { metaOf } from './componentMeta.js';
import { type ComponentChange, diffVersions, type SettingChange } from './diff.js';

/** A changed setting's value, cut to one line. */
const short = (value: string | undefined): string => {
  if (value === undefined || value === '') return '∅';
  return value.length > 80 ? `${value.slice(0, 79)}…` : value;
};

/** The settings one component changed: each one's value before and after. */
function ChangeLines({ changes }: { changes: SettingChange[] }) {
  return (
    <dl className="bo-ed-diff-settings">
      {changes.map((change) => (
        <div key={change.key} className="bo-ed-diff-setting">
          <dt>{change.key}</dt>
          <dd>
            <del>{short(change.before)}</del>
            <i className="bi bi-arrow-right mx-1" aria-hidden="true" />
            <ins>{short(change.after)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The readable difference between two versions (per component: added, removed, changed settings). */
export function VersionCompare({ before, after }: { before: ContentPageVersion; after: ContentPageVersion }) {
  const { t } = useTranslation();
  const diff = diffVersions(before, after);
  const path = (change: ComponentChange) =>
    change.path
      .map((segment) =>
        segment.startsWith('column:')
          ? t('bo.editor.column', { n: Number(segment.slice(7)) })
          : `#${segment}`,
      )
      .join(' › ');
  if (diff.fields.length === 0 && diff.components.length === 0)
    return (
      <p className="text-body-secondary" data-testid="compare-same">
        {t('bo.editor.compare.same')}
      </p>
    );
  const tone = { added: 'success', removed: 'danger', changed: 'warning' } as const;
  return (
    <div data-testid="compare-result">
      {diff.fields.length > 0 && (
        <section className="bo-ed-diff-block">
          <h3 className="bo-ed-diff-title">{t('bo.editor.compare.page')}</h3>
          <ChangeLines changes={diff.fields} />
        </section>
      )}
      {diff.components.length > 0 && (
        <ul className="list-unstyled bo-ed-diff-list">
          {diff.components.map((change) => (
            <li
              key={`${change.kind}-${change.path.join('/')}`}
              className={`bo-ed-diff-item bo-ed-diff-${change.kind}`}
              data-testid="compare-item"
            >
              <div className="bo-ed-diff-head">
                <StatusBadge tone={tone[change.kind]}>{t(`bo.editor.compare.${change.kind}`)}</StatusBadge>
                <i className={`bi ${metaOf(change.component).icon}`} aria-hidden="true" />
                <strong>{t(metaOf(change.component).label)}</strong>
                {change.label && <span className="text-body-secondary text-truncate">“{change.label}”</span>}
                <span className="bo-ed-diff-path ms-auto">{path(change)}</span>
              </div>
              {change.changes.length > 0 && <ChangeLines changes={change.changes} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
