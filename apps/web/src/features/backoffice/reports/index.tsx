import { useMemo, useState } from 'react';
import { Button, ButtonGroup, Form, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { useToast } from '../../../ui/ToastProvider.js';
import { staffDownload } from '../api.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { BrandFilter, useBrands } from '../shell/BrandFilter.js';
import { useStaffSession } from '../shell/session.js';
import { BoEmpty, ErrorBlock, NoAccess, SkeletonBlock } from '../shell/states.js';
import { GroupReport } from './GroupReport.js';
import { mainGroup, RetailLossCard } from './parts.js';
import { kpiPath, PRESETS, type Preset, presetRange, useKpis } from './useReports.js';
import './reports.css';

const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** A custom range's problem (as the server would answer), or null. */
function rangeProblem(
  from: string,
  until: string,
): 'bor.range.invalid' | 'bor.range.order' | 'bor.range.tooLong' | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${until}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return 'bor.range.invalid';
  if (b < a) return 'bor.range.order';
  if ((b - a) / DAY_MS + 1 > MAX_DAYS) return 'bor.range.tooLong';
  return null;
}

/** Reports and KPIs: per-day figures of a brand or every brand in scope, charts, CSV, retail loss. */
export function ReportsPage() {
  const { t } = useTranslation();
  const { can } = useStaffSession();
  const toast = useToast();
  const brands = useBrands();
  const [brandId, setBrandId] = useState<number | undefined>(undefined);
  const [preset, setPreset] = useState<Preset | 'custom'>('30d');
  const initial = presetRange('30d', new Date());
  const [custom, setCustom] = useState(initial);
  const range = preset === 'custom' ? custom : presetRange(preset, new Date());
  const problem = preset === 'custom' ? rangeProblem(custom.from, custom.until) : null;
  const allowed = can('reports.read');
  const kpis = useKpis({ brandId, ...range }, allowed && problem === null);
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [downloading, setDownloading] = useState(false);

  const groups = kpis.data?.groups ?? [];
  const group = groups.find((g) => g.currency === currency) ?? mainGroup(groups);
  const days = useMemo(() => group?.days.map((d) => d.day) ?? [], [group]);
  const brandName = brands.data?.find((b) => b.id === brandId)?.name;

  const download = async () => {
    setDownloading(true);
    try {
      const scope = brandId === undefined ? 'all' : `brand-${brandId}`;
      await staffDownload(
        kpiPath({ brandId, ...range }, true),
        `kpis-${scope}-${range.from}-${range.until}.csv`,
      );
    } catch {
      toast('danger', { key: 'bor.csvFailed' });
    } finally {
      setDownloading(false);
    }
  };

  if (!allowed) {
    return (
      <BoPage title={t('bor.title')}>
        <NoAccess />
      </BoPage>
    );
  }
  return (
    <BoPage
      title={t('bor.title')}
      subtitle={t('bor.lead')}
      testId="bo-reports"
      actions={
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => void download()}
          disabled={downloading || problem !== null}
          data-testid="bo-reports-csv"
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t('bor.csv')}
        </Button>
      }
    >
      <div className="bo-toolbar bo-report-toolbar">
        <BrandFilter value={brandId} onChange={setBrandId} label={t('bo.brand')} />
        <div className="bo-filter bo-report-period">
          <span className="bo-filter-label">{t('bor.range')}</span>
          <ButtonGroup size="sm" aria-label={t('bor.range')}>
            {[...PRESETS, 'custom' as const].map((p) => (
              <Button
                key={p}
                variant={preset === p ? 'primary' : 'outline-secondary'}
                aria-pressed={preset === p}
                onClick={() => {
                  if (p === 'custom' && preset !== 'custom') setCustom(range);
                  setPreset(p);
                }}
                data-testid={`bo-range-${p}`}
              >
                {t(`bor.preset.${p}` as TranslationKey)}
              </Button>
            ))}
          </ButtonGroup>
        </div>
        {preset === 'custom' && (
          <>
            <Form.Group controlId="bo-report-from" className="bo-filter">
              <Form.Label className="bo-filter-label">{t('bor.from')}</Form.Label>
              <Form.Control
                type="date"
                size="sm"
                value={custom.from}
                isInvalid={problem !== null}
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              />
            </Form.Group>
            <Form.Group controlId="bo-report-until" className="bo-filter">
              <Form.Label className="bo-filter-label">{t('bor.until')}</Form.Label>
              <Form.Control
                type="date"
                size="sm"
                value={custom.until}
                isInvalid={problem !== null}
                onChange={(e) => setCustom({ ...custom, until: e.target.value })}
              />
            </Form.Group>
          </>
        )}
        {problem && (
          <div className="text-danger small align-self-center" role="alert" data-testid="bo-range-problem">
            {t(problem, { max: MAX_DAYS })}
          </div>
        )}
      </div>
      <p className="bo-report-note">{t('bor.note')}</p>

      {kpis.isError ? (
        <ErrorBlock error={kpis.error} onRetry={() => void kpis.refetch()} />
      ) : kpis.isPending || !kpis.data ? (
        problem ? null : (
          <SkeletonBlock lines={6} />
        )
      ) : groups.length === 0 ? (
        <BoEmpty icon="bi-bar-chart">{t('bor.noBrands')}</BoEmpty>
      ) : (
        <>
          {groups.length > 1 && (
            <Nav variant="tabs" className="bo-report-currencies" activeKey={group?.currency}>
              {groups.map((g) => (
                <Nav.Item key={g.currency}>
                  <Nav.Link
                    eventKey={g.currency}
                    onClick={() => setCurrency(g.currency)}
                    data-testid={`bo-currency-${g.currency}`}
                  >
                    {g.currency}
                    <span className="bo-report-brands">{t('bor.brandsCount', { n: g.brands.length })}</span>
                  </Nav.Link>
                </Nav.Item>
              ))}
            </Nav>
          )}
          {groups.length > 1 && <p className="bo-report-note">{t('bor.perCurrency')}</p>}
          {group && <GroupReport group={group} days={days} />}
        </>
      )}
      <div className="bo-grid-2 mt-3">
        <RetailLossCard brandId={brandId} brandName={brandName} />
        <BoPanel title={t('bor.method.title')}>
          <p className="small mb-0 text-body-secondary">{t('bor.method.text')}</p>
        </BoPanel>
      </div>
    </BoPage>
  );
}
