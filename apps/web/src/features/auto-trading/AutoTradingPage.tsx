import {
  type AutoTradingOverview,
  accountTradeRights,
  isMessageKey,
  isVerified,
  type TradingAccountKind,
} from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Placeholder, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/ApiError.js';
import { autoTradingApi } from '../../api/autoTrading.js';
import type { User } from '../../api/types.js';
import { useDocumentTitle } from '../../lib/useDocumentTitle.js';
import { AUTO_TRADING_QUERY_KEY, useAutoTradingOverview } from '../../shared/auto-trading/useAutoTrading.js';
import { useAuth } from '../../shared/session/useAuth.js';
import { useReplaceUser } from '../../shared/session/useReplaceUser.js';
import { useCurrentAccount } from '../../shared/trading-accounts/currentAccount.js';
import { FormAlert, type TextMessage } from '../../ui/forms.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useToast } from '../../ui/ToastProvider.js';
import { AutoPositions } from './AutoPositions.js';
import { BacktestPanel } from './BacktestPanel.js';
import { JournalCard } from './JournalCard.js';
import { SettingsFormCard } from './SettingsForm.js';
import { type Block, StatusCard } from './StatusCard.js';
import {
  errorsByField,
  type FieldErrors,
  fieldPaths,
  formFromOverview,
  type SettingsForm,
  settingsFromForm,
  settingsKey,
  validateForm,
} from './settingsForm.js';
import '../../shared/market/positionFigures.css';
import './autoTrading.css';

/**
 * Why switching on is not offered, in the order a client would fix it; null when it is. The backtest must
 * run before the first switch-on, on the settings the strategy will run with (the saved ones).
 */
export function switchBlock(
  overview: AutoTradingOverview,
  user: User,
  testedKey: string | null,
  /** The kind of the account the page acts on: a demo account trades virtual money without verification. */
  kind?: TradingAccountKind,
): Block | null {
  if (overview.auto_trading === 1) return null;
  if (overview.killed) return { message: { key: 'at.killed' } };
  if (overview.offers.length === 0) return { message: { key: 'at.block.noOffer' } };
  if (
    !accountTradeRights(kind, { verified: isVerified(user.verified_account), permissions: null }, null)
      .verified
  )
    return {
      message: { key: 'at.block.unverified' },
      link: { to: '/my-account/documents', label: { key: 'at.block.unverifiedLink' } },
    };
  if (!overview.settings) return { message: { key: 'at.block.noSettings' } };
  if (overview.enabled_at == null && testedKey !== settingsKey(overview.settings))
    return {
      message: { key: 'at.block.backtest' },
      link: { to: '#backtest', label: { key: 'at.block.backtestLink' } },
    };
  return null;
}

function AutoTradingScreen({
  overview,
  user,
  token,
  kind,
}: {
  overview: AutoTradingOverview;
  user: User;
  token: string;
  kind: TradingAccountKind | undefined;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const replaceUser = useReplaceUser();
  const [form, setForm] = useState<SettingsForm>(() => formFromOverview(overview));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formMessage, setFormMessage] = useState<TextMessage | null>(null);
  const [testedKey, setTestedKey] = useState<string | null>(null);

  const validation = useMemo(() => validateForm(form, overview), [form, overview]);
  const savedKey = overview.settings ? settingsKey(overview.settings) : null;
  const dirty = settingsKey(settingsFromForm(form)) !== savedKey;
  const currentKey = validation.settings ? settingsKey(validation.settings) : null;
  const errors: FieldErrors = { ...serverErrors };
  for (const [field, message] of Object.entries(validation.errors))
    if (field !== '' && (attempted || touched.has(field)) && !errors[field]) errors[field] = message;

  // the stored user follows the server (a loss limit or the broker may have switched it off meanwhile)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the server's state matters
  useEffect(() => {
    if (Number(user.auto_trading) !== overview.auto_trading)
      replaceUser({ ...user, auto_trading: overview.auto_trading });
  }, [overview.auto_trading]);

  const save = useMutation({
    mutationFn: (settings: NonNullable<typeof validation.settings>) =>
      autoTradingApi.saveSettings(token, settings),
    onSuccess: (answer) => {
      queryClient.setQueryData([...AUTO_TRADING_QUERY_KEY, 'overview', token], answer);
      void queryClient.invalidateQueries({ queryKey: [...AUTO_TRADING_QUERY_KEY, 'journal'] });
      setForm(formFromOverview(answer));
      setTouched(new Set());
      setAttempted(false);
      setServerErrors({});
      setFormMessage(null);
      toast('success', { key: 'at.saved' });
    },
    onError: (error) => {
      if (!isApiError(error)) {
        setFormMessage({ key: 'error.internal' });
        return;
      }
      const fields = errorsByField(
        error.errors.flatMap((e) =>
          isMessageKey(e.key)
            ? [{ path: e.path, key: e.key, ...(e.params ? { params: e.params } : {}) }]
            : [],
        ),
        form.strategy,
      );
      const { '': general, ...rest } = fields;
      setServerErrors(rest);
      setFormMessage(
        general ??
          (Object.keys(rest).length > 0
            ? { key: 'at.settings.invalid' }
            : error.toMessage({ key: 'error.internal' })),
      );
    },
  });

  const onChange = (next: SettingsForm, field: string) => {
    setForm(next);
    setFormMessage(null);
    if (serverErrors[field]) {
      const { [field]: _gone, ...rest } = serverErrors;
      setServerErrors(rest);
    }
  };
  const onSubmit = () => {
    setAttempted(true);
    if (!validation.settings) {
      setFormMessage(validation.errors[''] ?? { key: 'at.settings.invalid' });
      return;
    }
    save.mutate(validation.settings);
  };
  const onDiscard = () => {
    setForm(formFromOverview(overview));
    setTouched(new Set());
    setAttempted(false);
    setServerErrors({});
    setFormMessage(null);
  };

  const block = switchBlock(overview, user, testedKey, kind);
  const names = new Map(overview.instruments.map((i) => [i.symbol, i.name]));
  const testSymbols = form.symbols.map((symbol) => ({ symbol, name: names.get(symbol) ?? symbol }));
  // the first thing to correct before a test can run, in the form's order
  const firstError = fieldPaths(form.strategy)
    .concat('')
    .map((field) => validation.errors[field])
    .find((message) => message !== undefined);

  return (
    <div className="d-grid gap-4">
      <StatusCard
        overview={overview}
        user={user}
        token={token}
        block={block}
        unsaved={dirty && overview.settings != null}
      />
      <Row className="g-4">
        <Col xl={5}>
          <SettingsFormCard
            overview={overview}
            form={form}
            errors={errors}
            formMessage={formMessage}
            dirty={dirty}
            saving={save.isPending}
            onChange={onChange}
            onTouch={(field) => setTouched((before) => new Set(before).add(field))}
            onSubmit={onSubmit}
            onDiscard={onDiscard}
          />
        </Col>
        <Col xl={7}>
          <BacktestPanel
            token={token}
            settings={validation.settings}
            invalid={firstError ?? null}
            currentKey={currentKey}
            symbols={testSymbols}
            onTested={setTestedKey}
          />
        </Col>
      </Row>
      <AutoPositions />
      <JournalCard />
    </div>
  );
}

function LoadingScreen() {
  return (
    <div className="d-grid gap-4" aria-busy="true">
      {[8, 16].map((height) => (
        <Card key={height} className="ob-card">
          <Card.Body>
            <Placeholder animation="glow" as="div" style={{ height: `${height}rem` }}>
              <Placeholder xs={12} className="h-100" />
            </Placeholder>
          </Card.Body>
        </Card>
      ))}
    </div>
  );
}

/** The client area's auto-trading page (strategy, limits, backtest, results, journal). */
export function AutoTradingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('at.title'));
  const auth = useAuth();
  const overview = useAutoTradingOverview();
  // auto-trading belongs to the session's current account: a switch reloads the page's data (reloadAccountViews)
  // and the form starts afresh from the other account's settings
  const account = useCurrentAccount();
  if (!auth) return null;
  return (
    <div className="container-xl ob-section ob-at" data-testid="auto-trading-screen">
      <PageHeader title={t('at.title')} lead={t('at.lead')} />
      {account && (
        <p className="ob-at-account" data-testid="auto-trading-account">
          {t('at.account', {
            number: account.number,
            kind: t(account.kind === 'demo' ? 'at.account.demo' : 'at.account.live'),
          })}
        </p>
      )}
      {overview.data ? (
        <AutoTradingScreen
          key={account?.id ?? 0}
          overview={overview.data}
          user={auth.user}
          token={auth.access_token}
          kind={account?.kind}
        />
      ) : overview.isError ? (
        <FormAlert
          message={
            isApiError(overview.error)
              ? overview.error.toMessage({ key: 'error.internal' })
              : { key: 'error.internal' }
          }
        >
          <div className="mt-2">
            <Button size="sm" variant="outline-danger" onClick={() => void overview.refetch()}>
              <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
              {t('app.retry')}
            </Button>
          </div>
        </FormAlert>
      ) : (
        <LoadingScreen />
      )}
    </div>
  );
}
