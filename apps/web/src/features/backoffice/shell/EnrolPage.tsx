import { StaffEnrolmentDone, StaffEnrolmentStart } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import { useWindowTitle } from '../../../lib/useDocumentTitle.js';
import { useMessageText } from '../../../ui/forms.js';
import { staffRequest } from '../api.js';
import { AuthFrame } from './AuthFrame.js';
import { BACKOFFICE_BASE } from './nav.js';
import { useStaffSession } from './session.js';
import { SkeletonBlock } from './states.js';

/** The secret in groups of four, as authenticator apps ask for it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Mandatory two-factor enrolment: QR code (and the key for manual entry), the first code,
 * then the ten recovery codes, shown this once, to copy or download.
 */
export function EnrolPage() {
  const { t } = useTranslation();
  // its own window title, like every back-office page (the others get theirs from BoPage)
  useWindowTitle(`${t('fix.title.enrol')} · ${t('bo.title')}`);
  const { status, token } = useStaffSession();
  const [done, setDone] = useState<StaffEnrolmentDone | null>(null);

  if (done) return <RecoveryCodes done={done} />;
  if (status === 'anonymous') return <Navigate to={`${BACKOFFICE_BASE}/login`} replace />;
  if (status === 'ready') return <Navigate to={BACKOFFICE_BASE} replace />;
  if (status === 'passwordChange') return <Navigate to={`${BACKOFFICE_BASE}/password`} replace />;
  if (status === 'loading' || !token)
    return (
      <AuthFrame title={t('bo.enrol.title')} icon="bi-qr-code">
        <SkeletonBlock />
      </AuthFrame>
    );
  return <EnrolForm token={token} onDone={setDone} />;
}

function EnrolForm({ token, onDone }: { token: string; onDone: (done: StaffEnrolmentDone) => void }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const start = useQuery({
    queryKey: ['bo', 'enrol', token],
    queryFn: () =>
      staffRequest('/api/backoffice/auth/enrol/start', {
        schema: StaffEnrolmentStart,
        method: 'POST',
        token,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const confirm = async () => {
    setFailure(null);
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setFailure(t('bo.login.codeFormat'));
      return;
    }
    setPending(true);
    try {
      const answer = await staffRequest('/api/backoffice/auth/enrol/confirm', {
        schema: StaffEnrolmentDone,
        method: 'POST',
        token,
        body: { code: typed },
      });
      onDone(answer);
    } catch (error) {
      setCode('');
      setFailure(
        isApiError(error)
          ? text(error.toMessage({ key: 'staff.codeInvalid' }))
          : text({ key: 'error.internal' }),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthFrame title={t('bo.enrol.title')} lead={t('bo.enrol.lead')} icon="bi-qr-code" wide>
      {start.isPending && <SkeletonBlock lines={6} />}
      {start.isError && (
        <Alert variant="danger" className="d-flex align-items-center gap-2" role="alert">
          <span className="flex-grow-1">{t('bo.enrol.startFailed')}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void start.refetch()}>
            {t('bo.retry')}
          </Button>
        </Alert>
      )}
      {start.data && (
        <div className="bo-enrol">
          <div className="bo-enrol-step">
            <span className="bo-step-no">1</span>
            <div className="flex-grow-1">
              <h2 className="bo-step-title">{t('bo.enrol.step1')}</h2>
              <div className="bo-enrol-qr-row">
                <img
                  src={start.data.qrCode}
                  alt={t('bo.enrol.qrAlt')}
                  className="bo-enrol-qr"
                  width={176}
                  height={176}
                  data-testid="bo-enrol-qr"
                />
                <div className="bo-enrol-manual">
                  <p className="small text-body-secondary mb-1">{t('bo.enrol.manual')}</p>
                  <code className="bo-secret" data-testid="bo-enrol-secret">
                    {grouped(start.data.secret)}
                  </code>
                </div>
              </div>
            </div>
          </div>
          <Form
            noValidate
            className="bo-enrol-step"
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <span className="bo-step-no">2</span>
            <div className="flex-grow-1">
              <h2 className="bo-step-title">
                <label htmlFor={codeId}>{t('bo.enrol.step2')}</label>
              </h2>
              <Form.Control
                id={codeId}
                className="bo-code-input mb-2"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                placeholder="000000"
                value={code}
                isInvalid={!!failure}
                onChange={(event) => setCode(event.target.value)}
                data-testid="bo-enrol-code"
              />
              {failure && (
                <div className="invalid-feedback d-block mb-2" role="alert">
                  {failure}
                </div>
              )}
              <Button type="submit" disabled={pending} data-testid="bo-enrol-submit">
                {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
                {t('bo.enrol.confirm')}
              </Button>
            </div>
          </Form>
        </div>
      )}
    </AuthFrame>
  );
}

function RecoveryCodes({ done }: { done: StaffEnrolmentDone }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useStaffSession();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const content = `${t('bo.enrol.fileHeader', { email: done.staff.email })}\n\n${done.recoveryCodes.join('\n')}\n`;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const download = () => {
    const url = URL.createObjectURL(new Blob([content], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'openbroker-backoffice-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <AuthFrame title={t('bo.enrol.codesTitle')} lead={t('bo.enrol.codesLead')} icon="bi-key" wide>
      <ol className="bo-codes" data-testid="bo-recovery-codes">
        {done.recoveryCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(content)
              .then(() => setCopied(true))
              .catch(() => undefined);
          }}
        >
          <i className={`bi ${copied ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
          {copied ? t('bo.enrol.copied') : t('bo.enrol.copy')}
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={download}>
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t('bo.enrol.download')}
        </Button>
      </div>
      <Form.Check
        type="checkbox"
        id="bo-codes-saved"
        className="mb-3"
        label={t('bo.enrol.saved')}
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <Button
        className="w-100"
        disabled={!saved}
        data-testid="bo-enrol-continue"
        onClick={() => {
          signIn(done.token, done.staff);
          navigate(BACKOFFICE_BASE, { replace: true });
        }}
      >
        {t('bo.enrol.continue')}
      </Button>
    </AuthFrame>
  );
}
