import { DEFAULT_PLATFORM_PATH, isProfileComplete, type Message, TIMING } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { accountsApi } from '../../api/accounts.js';
import { authStore, endedSession, registerFlag } from '../../shared/session/authStore.js';
import { AuthCard } from '../../ui/AuthCard.js';
import { FormAlert } from '../../ui/forms.js';

// spec §8: auto login failure shows 'login.auto.error'
const FAILURE: Message = { key: 'login.auto.error' };

/**
 * spec §2 /autoLogin/{code}: a spinner, and a login button that is clicked automatically after 2 s.
 * Success goes to /my-account/info with the register flag when profile details are missing, else to
 * the platform; failure shows 'login.auto.error'.
 */
export function AutoLoginPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const button = useRef<HTMLButtonElement>(null);

  const autoLogin = useMutation({
    mutationFn: () => accountsApi.autoLogin(code),
    onSuccess: (auth) => {
      endedSession.clear();
      authStore.set(auth);
      if (isProfileComplete(auth.user)) {
        navigate(DEFAULT_PLATFORM_PATH, { replace: true });
      } else {
        registerFlag.set();
        navigate('/my-account/info', { replace: true });
      }
    },
  });

  useEffect(() => {
    const timer = window.setTimeout(() => button.current?.click(), TIMING.autoLoginClickMs);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <AuthCard icon="bi-box-arrow-in-right" title={t('autoLogin.title')} lead={t('autoLogin.lead')}>
      {autoLogin.isError ? (
        <>
          <FormAlert message={isApiError(autoLogin.error) ? autoLogin.error.toMessage(FAILURE) : FAILURE} />
          <Link to="/login" className="btn btn-primary w-100">
            {t('autoLogin.toLogin')}
          </Link>
        </>
      ) : (
        <>
          <div className="text-center my-4">
            <Spinner animation="border" variant="primary" role="status">
              <span className="visually-hidden">{t('app.loading')}</span>
            </Spinner>
          </div>
          <Button
            ref={button}
            className="w-100"
            variant="primary"
            disabled={autoLogin.isPending || autoLogin.isSuccess}
            onClick={() => autoLogin.mutate()}
          >
            {t('autoLogin.button')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}
