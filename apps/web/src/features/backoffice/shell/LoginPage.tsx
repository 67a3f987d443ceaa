import { isTotpCode, StaffLoginAnswer } from '@openbroker/domain';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../api/ApiError.js';
import { useMessageText } from '../../../ui/forms.js';
import { staffRequest } from '../api.js';
import { AuthFrame } from './AuthFrame.js';
import { BACKOFFICE_BASE } from './nav.js';
import { useStaffSession } from './session.js';

/** Where a signed-out staff member wanted to go (kept through sign-in). */
export interface BackofficeLocationState {
  from?: string;
}

type FieldName = 'email' | 'password' | 'code';

/**
 * Staff sign-in: e-mail, password and the authenticator code (or a one-time recovery code).
 * Staff without two-factor set up leave the code empty and are taken to enrolment.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const text = useMessageText();
  const navigate = useNavigate();
  const location = useLocation();
  const { status, signIn, lastSignOut, lastIdleMinutes } = useStaffSession();
  const ids = { email: useId(), password: useId(), code: useId() };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [invalid, setInvalid] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const from = (location.state as BackofficeLocationState | null)?.from;

  useEffect(() => {
    const before = document.title;
    document.title = `${t('bo.login.title')} · ${t('bo.title')}`;
    return () => {
      document.title = before;
    };
  }, [t]);

  if (status === 'ready') return <Navigate to={from ?? BACKOFFICE_BASE} replace />;
  if (status === 'enrolment') return <Navigate to={`${BACKOFFICE_BASE}/enrol`} replace />;
  if (status === 'passwordChange') return <Navigate to={`${BACKOFFICE_BASE}/password`} replace />;

  const validate = (): Partial<Record<FieldName, string>> => {
    const problems: Partial<Record<FieldName, string>> = {};
    if (email.trim() === '') problems.email = t('bo.login.required');
    if (password === '') problems.password = t('bo.login.required');
    const typed = code.trim();
    if (!recovery && typed !== '' && !isTotpCode(typed)) problems.code = t('bo.login.codeFormat');
    if (recovery && typed === '') problems.code = t('bo.login.required');
    return problems;
  };

  const submit = async () => {
    const problems = validate();
    setInvalid(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      const typed = code.replace(/\s/g, '');
      const answer = await staffRequest('/api/backoffice/auth/login', {
        schema: StaffLoginAnswer,
        method: 'POST',
        token: null,
        body: { email: email.trim(), password, ...(typed ? { code: typed } : {}) },
      });
      signIn(answer.token, answer.staff);
      // a password an administrator reset is changed first, then two-factor sign-in is set up if still needed
      navigate(
        answer.staff.passwordChangeRequired
          ? `${BACKOFFICE_BASE}/password`
          : answer.enrolmentOnly
            ? `${BACKOFFICE_BASE}/enrol`
            : (from ?? BACKOFFICE_BASE),
        { replace: true },
      );
    } catch (error) {
      setCode('');
      if (isApiError(error) && (error.httpStatus === 401 || error.httpStatus === 400)) {
        setFailure(t('bo.login.failed'));
      } else if (isApiError(error)) {
        setFailure(text(error.toMessage({ key: 'error.internal' })));
      } else {
        setFailure(text({ key: 'error.internal' }));
      }
    } finally {
      setPending(false);
    }
  };

  const notice =
    lastSignOut === 'idle' && lastIdleMinutes
      ? t('bo.login.idle', { count: lastIdleMinutes })
      : lastSignOut === 'expired'
        ? t('bo.login.expired')
        : null;
  const codeLabel = recovery ? t('bo.login.recoveryCode') : t('bo.login.code');

  return (
    <AuthFrame title={t('bo.login.title')} lead={t('bo.login.lead')}>
      {notice && (
        <Alert variant="info" className="bo-auth-alert" role="status" data-testid="bo-login-notice">
          <i className="bi bi-clock-history me-2" aria-hidden="true" />
          {notice}
        </Alert>
      )}
      {failure && (
        <Alert variant="danger" className="bo-auth-alert" role="alert" data-testid="bo-login-error">
          <i className="bi bi-exclamation-octagon me-2" aria-hidden="true" />
          {failure}
        </Alert>
      )}
      <Form
        noValidate
        data-testid="bo-login-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Form.Group className="mb-3" controlId={ids.email}>
          <Form.Label>{t('bo.login.email')}</Form.Label>
          <Form.Control
            type="email"
            autoComplete="username"
            value={email}
            isInvalid={!!invalid.email}
            onChange={(event) => setEmail(event.target.value)}
            autoFocus
          />
          <Form.Control.Feedback type="invalid">{invalid.email}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId={ids.password}>
          <Form.Label>{t('bo.login.password')}</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            value={password}
            isInvalid={!!invalid.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Form.Control.Feedback type="invalid">{invalid.password}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-2" controlId={ids.code}>
          <Form.Label>{codeLabel}</Form.Label>
          <Form.Control
            type="text"
            className={recovery ? 'bo-code-input bo-code-recovery' : 'bo-code-input'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={recovery ? 40 : 7}
            placeholder={recovery ? 'XXXX-XXXX' : '000000'}
            value={code}
            isInvalid={!!invalid.code}
            onChange={(event) => setCode(event.target.value)}
            data-testid="bo-login-code"
          />
          {invalid.code ? (
            <Form.Control.Feedback type="invalid">{invalid.code}</Form.Control.Feedback>
          ) : (
            <Form.Text muted>{recovery ? t('bo.login.recoveryHint') : t('bo.login.codeHint')}</Form.Text>
          )}
        </Form.Group>
        <Button
          variant="link"
          size="sm"
          className="bo-link-btn mb-3"
          onClick={() => {
            setRecovery((on) => !on);
            setCode('');
            setInvalid((current) => ({ ...current, code: undefined }));
          }}
          data-testid="bo-login-recovery-toggle"
        >
          {recovery ? t('bo.login.useTotp') : t('bo.login.useRecovery')}
        </Button>
        <Button
          type="submit"
          variant="primary"
          className="w-100"
          disabled={pending}
          data-testid="bo-login-submit"
        >
          {pending && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
          {t('bo.login.submit')}
        </Button>
      </Form>
    </AuthFrame>
  );
}
