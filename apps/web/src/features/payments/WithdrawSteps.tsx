import { useTranslation } from 'react-i18next';

/** How a withdrawal goes: three steps, each with its icon, title and line. */
export function WithdrawSteps() {
  const { t } = useTranslation();
  const steps = [
    { icon: 'bi-send', title: t('payments.withdraw.step1'), body: t('payments.withdraw.step1Body') },
    { icon: 'bi-person-check', title: t('payments.withdraw.step2'), body: t('payments.withdraw.step2Body') },
    { icon: 'bi-bank', title: t('payments.withdraw.step3'), body: t('payments.withdraw.step3Body') },
  ];
  return (
    <ol className="ob-trust ob-steps" aria-label={t('payments.withdraw.howTitle')}>
      {steps.map((step) => (
        <li key={step.icon}>
          <i className={`bi ${step.icon}`} aria-hidden="true" />
          <div>
            <strong>{step.title}</strong>
            <span>{step.body}</span>
          </div>
        </li>
      ))}
    </ol>
  );
}
