import { useId } from 'react';
import { Alert, Button, Card, Col, Form, InputGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../app/BrandProvider.js';
import { PageHeader } from '../../ui/PageHeader.js';

/**
 * spec §2 withdraw form (amount, comments, agreement). The amount is limited by the free margin, which
 * comes with the trading engine; until then the form is shown but cannot be sent.
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const id = useId();
  return (
    <div className="container-xl ob-section" data-testid="withdraw-screen">
      <PageHeader title={t('payment.withdraw.title')} lead={t('payment.withdraw.lead')} />
      <Row>
        <Col lg={8} xl={7}>
          <Card className="ob-card">
            <Card.Body className="p-4">
              <Form onSubmit={(event) => event.preventDefault()}>
                <fieldset disabled>
                  <Form.Group className="mb-3" controlId={`${id}-amount`}>
                    <Form.Label>{t('payment.withdraw.amount')}</Form.Label>
                    <InputGroup>
                      <InputGroup.Text>{brand.currencySymbol}</InputGroup.Text>
                      <Form.Control type="number" inputMode="decimal" min={0} step={0.01} />
                    </InputGroup>
                  </Form.Group>
                  <Form.Group className="mb-3" controlId={`${id}-comments`}>
                    <Form.Label>{t('payment.withdraw.comments')}</Form.Label>
                    <Form.Control as="textarea" rows={4} />
                  </Form.Group>
                </fieldset>
                <Alert variant="secondary" className="ob-form-alert small" data-testid="withdraw-agreement">
                  <i className="bi bi-clock-history me-2" aria-hidden="true" />
                  {t('withdraw.agreement')}
                </Alert>
                <div className="d-flex flex-wrap align-items-center gap-3">
                  <Button type="submit" variant="primary" disabled>
                    {t('payment.withdraw.submit')}
                  </Button>
                  <span className="small text-body-secondary">{t('payment.withdraw.soon')}</span>
                </div>
              </Form>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
