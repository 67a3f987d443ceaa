import {
  type AppropriatenessConfig,
  type AppropriatenessSettings,
  type BrandAdminView,
  type BrandComplianceSettings,
  DEFAULT_HIGH_RISK_COUNTRIES,
  defaultAppropriateness,
} from '@openbroker/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BoCall, ok, renderBo, staffFixture } from '../../../test/backofficeKit.js';
import { ComplianceTab } from './ComplianceTab.js';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

const admin = staffFixture({ id: 1, roles: ['admin'], name: 'Ann Admin', permissions: ['brands.manage'] });
const esma = defaultAppropriateness('esma') as AppropriatenessConfig;
const brand = { id: 3 } as BrandAdminView;
/** A 400 with field errors, as the server answers a refused body. */
const invalid = (errors: { path: string; key: string; params?: Record<string, unknown> }[]) => ({
  status: 400,
  json: { status: false, code: 'VALIDATION', key: 'error.validation', message: 'Invalid input', errors },
});
const TEST_URL = '/api/backoffice/brands/3/appropriateness';
const DOCS_URL = '/api/backoffice/brands/3/compliance';

function renderTab({
  test = { required: false, ...structuredClone(esma), preset: 'esma', isDefault: true },
  docs = { documentGraceDays: 14, clientEntersDocumentDetails: false, highRiskCountries: null },
  putTest = (call: BoCall) => ok({ ...call.body, preset: 'esma', isDefault: false }),
  putDocs = (call: BoCall) => ok(call.body),
}: {
  test?: AppropriatenessSettings;
  docs?: BrandComplianceSettings;
  putTest?: (call: BoCall) => { status?: number; json: unknown };
  putDocs?: (call: BoCall) => { status?: number; json: unknown };
} = {}) {
  return renderBo(<ComplianceTab brand={brand} />, {
    staff: admin,
    path: '/backoffice/brands/3?tab=compliance',
    api: {
      [TEST_URL]: () => ok(test),
      [`PUT ${TEST_URL}`]: putTest,
      [DOCS_URL]: () => ok(docs),
      [`PUT ${DOCS_URL}`]: putDocs,
    },
  });
}

describe("the brand's compliance tab", () => {
  it("shows the brand's test, its highest score and the default high-risk list", async () => {
    renderTab();
    const version = (await screen.findByLabelText('Questionnaire version')) as HTMLInputElement;
    expect(version.value).toBe('esma-1');
    const required = screen.getByLabelText(
      'Clients must take the test before they trade live',
    ) as HTMLInputElement;
    expect(required.checked).toBe(false);
    expect(required.disabled).toBe(false);
    expect(screen.getByTestId('bob-comp-test-origin').textContent).toBe("Preset's questionnaire");
    const questions = within(screen.getByTestId('bob-comp-questions')).getAllByRole('listitem');
    expect(questions).toHaveLength(5);
    expect((screen.getByTestId('bob-comp-max') as HTMLInputElement).value).toBe('13');
    expect((screen.getByLabelText('Pass score') as HTMLInputElement).value).toBe('8');
    expect((screen.getByLabelText('Warn leverage cap') as HTMLInputElement).value).toBe('');
    const list = await screen.findByTestId('bob-comp-default-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(DEFAULT_HIGH_RISK_COUNTRIES.length);
    expect(within(list).getByTestId('bob-country-IR').textContent).toContain('Iran');
  });

  it('checks the thresholds in the browser with the domain rule, then shows the server’s field errors', async () => {
    const { posts } = renderTab({
      putTest: () =>
        invalid([{ path: 'questions.1.options.0', key: 'appropriateness.text', params: { max: 500 } }]),
    });
    const pass = await screen.findByLabelText('Pass score');
    fireEvent.change(pass, { target: { value: '99' } });
    fireEvent.click(screen.getByTestId('bob-comp-test-save'));
    expect(
      await screen.findByText('The pass score is a whole number from 0 to 13 (the highest score)'),
    ).toBeTruthy();
    expect(posts(TEST_URL)).toHaveLength(0);

    fireEvent.change(pass, { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('bob-comp-test-save'));
    await waitFor(() => expect(posts(TEST_URL)).toHaveLength(1));
    const second = screen.getByTestId('bob-comp-question-1');
    expect(await within(second).findByText('Text is required, at most 500 characters')).toBeTruthy();
  });

  it('sends the edited test: required, a changed question, an added answer, the new thresholds', async () => {
    const { posts } = renderTab();
    fireEvent.click(await screen.findByLabelText('Clients must take the test before they trade live'));
    fireEvent.change(screen.getByLabelText('Questionnaire version'), { target: { value: 'esma-2' } });
    const first = screen.getByTestId('bob-comp-question-0');
    fireEvent.change(within(first).getByLabelText('Question text'), {
      target: { value: 'What do you own when you trade a CFD?' },
    });
    fireEvent.click(within(first).getByRole('button', { name: 'Add an answer' }));
    fireEvent.change(within(first).getByLabelText('Question 1, Answer 4'), { target: { value: 'Gold' } });
    fireEvent.change(within(first).getByLabelText('Question 1, Answer 4: Points'), {
      target: { value: '4' },
    });
    expect((screen.getByTestId('bob-comp-max') as HTMLInputElement).value).toBe('14');
    // the last question moves up one place
    fireEvent.click(screen.getByRole('button', { name: 'Question 5: Move up' }));
    fireEvent.change(screen.getByLabelText('Pass score'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Warn leverage cap'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('bob-comp-test-save'));
    await waitFor(() => expect(posts(TEST_URL)).toHaveLength(1));
    const body = posts(TEST_URL)[0]?.body as unknown as AppropriatenessConfig & { required: boolean };
    expect(body).toMatchObject({
      required: true,
      passScore: 10,
      warnScore: 4,
      blockDays: 30,
      warnLeverageCap: 10,
    });
    expect(body.questionnaire.version).toBe('esma-2');
    expect(body.questionnaire.questions.map((q) => q.id)).toEqual([
      'cfd_knowledge',
      'leverage_loss',
      'trading_frequency',
      'profession',
      'education',
    ]);
    expect(body.questionnaire.questions[0]).toMatchObject({
      text: 'What do you own when you trade a CFD?',
      options: [{ id: 'contract' }, { id: 'asset' }, { id: 'unsure' }, { id: 'a4', text: 'Gold', points: 4 }],
    });
    expect(
      await screen.findByText("Saved. The brand's live accounts trade by the new test from the next order."),
    ).toBeTruthy();
    expect(screen.getByTestId('bob-comp-test-origin').textContent).toBe('Customised');
  });

  it('a professional brand cannot require the test, and says why', async () => {
    renderTab({
      test: { required: false, ...structuredClone(esma), preset: 'professional', isDefault: true },
    });
    const required = (await screen.findByLabelText(
      'Clients must take the test before they trade live',
    )) as HTMLInputElement;
    expect(required.disabled).toBe(true);
    expect(screen.getByTestId('bob-comp-professional').textContent).toContain(
      'professional clients are not tested',
    );
  });

  it("sends the document settings and the brand's own country list, started from the default one", async () => {
    const { posts } = renderTab({
      putDocs: (call) =>
        (call.body.highRiskCountries as string[]).includes('XX')
          ? invalid([
              { path: 'highRiskCountries', key: 'boCompliance.countryUnknown', params: { code: 'XX' } },
            ])
          : ok(call.body),
    });
    const grace = await screen.findByLabelText('Grace period after a proof expired (days)');
    fireEvent.change(grace, { target: { value: '400' } });
    fireEvent.click(screen.getByTestId('bob-comp-docs-save'));
    expect(await screen.findByText('The grace period is a whole number of days from 0 to 365')).toBeTruthy();
    expect(posts(DOCS_URL)).toHaveLength(0);

    fireEvent.change(grace, { target: { value: '21' } });
    fireEvent.click(
      screen.getByLabelText('Clients enter a proof’s number, issuing country and expiry date at upload'),
    );
    fireEvent.click(screen.getByLabelText(/Use the default list/));
    const own = await screen.findByTestId('bob-comp-own-list');
    expect(within(own).getAllByRole('listitem')).toHaveLength(DEFAULT_HIGH_RISK_COUNTRIES.length);
    fireEvent.click(within(own).getByRole('button', { name: 'Remove AF' }));
    fireEvent.change(screen.getByLabelText('Add country codes'), { target: { value: 'de, xx' } });
    fireEvent.click(screen.getByTestId('bob-comp-add-country'));
    fireEvent.click(screen.getByTestId('bob-comp-docs-save'));
    expect(await screen.findByText('XX is not a country of the reference list')).toBeTruthy();

    fireEvent.click(
      within(screen.getByTestId('bob-comp-own-list')).getByRole('button', { name: 'Remove XX' }),
    );
    fireEvent.click(screen.getByTestId('bob-comp-docs-save'));
    await waitFor(() => expect(posts(DOCS_URL)).toHaveLength(2));
    const body = posts(DOCS_URL)[1]?.body as BrandComplianceSettings;
    expect(body.documentGraceDays).toBe(21);
    expect(body.clientEntersDocumentDetails).toBe(true);
    expect(body.highRiskCountries).toContain('DE');
    expect(body.highRiskCountries).not.toContain('AF');
    expect(body.highRiskCountries).toHaveLength(DEFAULT_HIGH_RISK_COUNTRIES.length);
    expect(
      await screen.findByText('Saved. Expiry, uploads and risk scores follow the new settings.'),
    ).toBeTruthy();
  });
});
