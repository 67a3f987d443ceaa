import { AutoBrandDetail, type AutoBrandStatus, AutoBrandStatusList } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TranslationKey } from '../../../lib/i18n/keys.js';
import { staffRequest } from '../api.js';
import { useBoFormat } from '../money/format.js';
import { BoPage, BoPanel } from '../shell/BoPage.js';
import { StatusBadge } from '../shell/cells.js';
import { LoadError } from '../shell/panelStates.js';
import { BoEmpty, SkeletonBlock } from '../shell/states.js';
import { KillSwitchPanel } from './KillSwitchPanel.js';
import { OfferForm } from './OfferForm.js';
import { autoBrandKey, autoBrandPath, autoBrandsKey } from './types.js';
import './autoTrading.css';

/**
 * Auto-trading per brand (permission autotrading.manage): the brands in scope with their status on the
 * left (running or stopped, strategies offered, clients on, open auto positions, today's realised result); for the
 * chosen brand the kill switch, the figures, and the offer clients may choose from (`?brand=<id>` keeps the choice).
 */
export function AutoTradingAdminPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const list = useQuery({
    queryKey: autoBrandsKey,
    queryFn: ({ signal }) =>
      staffRequest('/api/backoffice/auto-trading/brands', { schema: AutoBrandStatusList, signal }),
    refetchInterval: 30_000,
  });
  const brands = list.data ?? [];
  const asked = Number(search.get('brand'));
  const chosen = brands.find((b) => b.id === asked) ?? brands[0];
  const choose = (id: number) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('brand', String(id));
        return next;
      },
      { replace: true },
    );

  return (
    <BoPage title={t('boat.title')} subtitle={t('boat.lead')} testId="boat-page">
      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && brands.length === 0 ? (
        <BoPanel>
          <BoEmpty icon="bi-robot">{t('boat.noBrands')}</BoEmpty>
        </BoPanel>
      ) : (
        <div className="boat-layout">
          <BrandRail brands={list.data} chosen={chosen?.id} onChoose={choose} />
          <div className="boat-main">
            {chosen ? <BrandAutoTrading key={chosen.id} status={chosen} /> : <SkeletonBlock lines={10} />}
          </div>
        </div>
      )}
    </BoPage>
  );
}

function BrandRail({
  brands,
  chosen,
  onChoose,
}: {
  brands: AutoBrandStatus[] | undefined;
  chosen: number | undefined;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  const format = useBoFormat();
  return (
    <nav className="boat-rail" aria-label={t('boat.brandsLabel')}>
      <div className="boat-rail-head">{t('boat.brands')}</div>
      {brands === undefined ? (
        <div className="p-3">
          <SkeletonBlock lines={6} />
        </div>
      ) : (
        <ul className="boat-rail-list" data-testid="boat-brands">
          {brands.map((brand) => {
            const active = brand.id === chosen;
            const result = Number(brand.today.result);
            return (
              <li key={brand.id}>
                <button
                  type="button"
                  className={`boat-rail-item${active ? ' active' : ''}${brand.killed ? ' boat-rail-killed' : ''}`}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => onChoose(brand.id)}
                  data-testid="boat-brand"
                  data-brand={brand.slug}
                >
                  <span className="boat-rail-top">
                    <span className="boat-rail-name">{brand.name}</span>
                    {brand.killed ? (
                      <StatusBadge tone="danger" icon="bi-sign-stop">
                        {t('boat.stopped')}
                      </StatusBadge>
                    ) : (
                      <StatusBadge tone="success" icon="bi-play-fill">
                        {t('boat.running')}
                      </StatusBadge>
                    )}
                  </span>
                  <span className="boat-rail-offers">
                    {brand.offered.length === 0
                      ? t('boat.noneOffered')
                      : brand.offered.map((id) => t(`boat.strategy.${id}` as TranslationKey)).join(' · ')}
                  </span>
                  <span className="boat-rail-figures bo-num">
                    <span>{t('boat.rail.clientsOn', { count: brand.clientsOn })}</span>
                    <span>{t('boat.rail.open', { count: brand.openPositions })}</span>
                    <span className={result < 0 ? 'bo-neg' : result > 0 ? 'bo-pos' : undefined}>
                      {t('boat.rail.today', {
                        result: format.money(brand.today.result, brand.currency, true),
                      })}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}

function BrandAutoTrading({ status }: { status: AutoBrandStatus }) {
  const query = useQuery({
    queryKey: autoBrandKey(status.id),
    queryFn: ({ signal }) => staffRequest(autoBrandPath(status.id), { schema: AutoBrandDetail, signal }),
  });
  if (query.isError && !query.data)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <SkeletonBlock lines={10} />;
  const brand = query.data;
  return (
    <div className="boat-detail" data-testid="boat-detail" data-brand={brand.slug}>
      <KillSwitchPanel brand={brand} />
      <Figures brand={brand} />
      <OfferForm brand={brand} />
    </div>
  );
}

function Figures({ brand }: { brand: AutoBrandDetail }) {
  const { t } = useTranslation();
  const format = useBoFormat();
  const result = Number(brand.today.result);
  return (
    <div className="boat-figures" data-testid="boat-figures">
      <div className="boat-figure">
        <div className="boat-figure-label">{t('boat.figures.clientsOn')}</div>
        <div className="boat-figure-value bo-num" data-testid="boat-clients-on">
          {format.number(brand.clientsOn, 0)}
        </div>
      </div>
      <div className="boat-figure">
        <div className="boat-figure-label">{t('boat.figures.open')}</div>
        <div className="boat-figure-value bo-num" data-testid="boat-open">
          {format.number(brand.openPositions, 0)}
        </div>
      </div>
      <div className="boat-figure">
        <div className="boat-figure-label">{t('boat.figures.today')}</div>
        <div
          className={`boat-figure-value bo-num${result < 0 ? ' bo-neg' : result > 0 ? ' bo-pos' : ''}`}
          data-testid="boat-today"
        >
          {format.money(brand.today.result, brand.currency, true)}
        </div>
        <div className="boat-figure-sub">{t('boat.figures.closed', { count: brand.today.closed })}</div>
      </div>
      <div className="boat-figure">
        <div className="boat-figure-label">{t('boat.figures.cap')}</div>
        <div className="boat-figure-value bo-num">
          {brand.maxLeverage === null ? t('boat.figures.noCap') : `1:${brand.maxLeverage}`}
        </div>
      </div>
    </div>
  );
}
