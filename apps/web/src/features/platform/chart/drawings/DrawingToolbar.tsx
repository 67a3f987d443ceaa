import {
  CHART_LAYOUT_MAX_DRAWINGS,
  type ChartDrawing,
  DRAWING_KINDS,
  type DrawingKind,
} from '@openbroker/domain';
import { useState } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ChartMenu } from '../ChartMenu.js';
import './drawings.css';
import type { DrawingTools } from './useDrawingTools.js';

/** Each tool's icon (bootstrap-icons). */
export const DRAWING_ICONS: Record<DrawingKind, string> = {
  trend: 'bi-slash-lg',
  ray: 'bi-arrow-up-right',
  horizontal: 'bi-dash-lg',
  rectangle: 'bi-square',
  fibonacci: 'bi-distribute-vertical',
  text: 'bi-fonts',
};

/** The order the tools come in on the bar. */
const TOOL_ORDER: readonly DrawingKind[] = ['trend', 'ray', 'horizontal', 'rectangle', 'fibonacci', 'text'];

/** A drawing's name in the list: its kind and where it is (its prices, or its text). */
export function drawingName(
  drawing: ChartDrawing,
  kindName: (kind: DrawingKind) => string,
  format: (price: number) => string,
): string {
  const kind = kindName(drawing.kind);
  switch (drawing.kind) {
    case 'horizontal':
      return `${kind} ${format(drawing.price)}`;
    case 'text':
      return `${kind}: ${drawing.text}`;
    default:
      return `${kind} ${format(drawing.a.price)} → ${format(drawing.b.price)}`;
  }
}

/**
 * The drawing tools over the chart: one button per tool (pressed while in hand; pressed again puts it down), a
 * hint of how to place it, the "Drawings" menu listing the chart's drawings (select, delete, clear all) and a
 * button deleting the selected one.
 */
export function DrawingToolbar({ tools }: { tools: DrawingTools }) {
  const { t, i18n } = useTranslation();
  const [confirmClear, setConfirmClear] = useState(false);
  const { drawings, tool, selectedId, precision } = tools;
  const number = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  });
  const format = (price: number) => number.format(price);
  const kindName = (kind: DrawingKind) => t(`draw.tool.${kind}`);
  const selected = drawings.find((d) => d.id === selectedId);
  const full = drawings.length >= CHART_LAYOUT_MAX_DRAWINGS;
  const hint = tool
    ? t(tool === 'horizontal' || tool === 'text' ? 'draw.hint.onePoint' : 'draw.hint.twoPoints')
    : selected
      ? t('draw.hint.selected')
      : '';

  return (
    <div className="ob-draw-bar" data-testid="chart-draw-bar">
      <ButtonGroup size="sm" aria-label={t('draw.tools')} className="ob-draw-tools">
        {TOOL_ORDER.filter((kind) => DRAWING_KINDS.includes(kind)).map((kind) => {
          const label = t(`draw.tool.${kind}`);
          return (
            <Button
              key={kind}
              variant="outline-secondary"
              className="ob-chart-tool ob-draw-tool"
              active={tool === kind}
              aria-pressed={tool === kind}
              aria-label={label}
              title={label}
              disabled={full && tool !== kind}
              onClick={() => tools.choose(tool === kind ? null : kind)}
              data-testid={`chart-draw-${kind}`}
            >
              <i className={`bi ${DRAWING_ICONS[kind]}`} aria-hidden="true" />
            </Button>
          );
        })}
      </ButtonGroup>
      <span className="ob-draw-hint text-truncate" role="status" data-testid="chart-draw-hint">
        {hint}
      </span>
      <div className="ob-draw-actions">
        {selected && (
          <Button
            size="sm"
            variant="outline-secondary"
            className="ob-chart-tool"
            aria-label={t('draw.deleteOne', { name: drawingName(selected, kindName, format) })}
            title={t('draw.delete')}
            onClick={() => tools.remove(selected.id)}
            data-testid="chart-draw-delete"
          >
            <i className="bi bi-trash3" aria-hidden="true" />
          </Button>
        )}
        <ChartMenu
          label={t('draw.menu.label', { count: drawings.length })}
          icon="bi-bounding-box"
          text={`${t('draw.menu')}${drawings.length ? ` (${drawings.length})` : ''}`}
          testId="chart-drawings"
        >
          {(close) => (
            <>
              <div className="dropdown-header">{t('draw.menu.label', { count: drawings.length })}</div>
              {drawings.length === 0 ? (
                <p className="ob-chart-menu-note border-0">{t('draw.empty')}</p>
              ) : (
                <ul
                  className="list-unstyled m-0"
                  aria-label={t('draw.menu')}
                  data-testid="chart-drawings-list"
                >
                  {drawings.map((drawing) => {
                    const name = drawingName(drawing, kindName, format);
                    return (
                      <li key={drawing.id} className="ob-draw-item">
                        <button
                          type="button"
                          className={`dropdown-item text-truncate ${drawing.id === selectedId ? 'active' : ''}`}
                          aria-current={drawing.id === selectedId ? 'true' : undefined}
                          onClick={() => {
                            tools.select(drawing.id);
                            close();
                          }}
                          data-testid={`chart-drawing-${drawing.kind}`}
                        >
                          <i className={`bi ${DRAWING_ICONS[drawing.kind]} me-2`} aria-hidden="true" />
                          {name}
                        </button>
                        <button
                          type="button"
                          className="ob-chart-chip-button flex-shrink-0"
                          aria-label={t('draw.deleteOne', { name })}
                          title={t('draw.delete')}
                          onClick={() => tools.remove(drawing.id)}
                        >
                          <i className="bi bi-x-lg" aria-hidden="true" />
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
              {drawings.length > 0 && (
                <div className="ob-chart-menu-note ob-draw-clear d-flex justify-content-end">
                  {confirmClear ? (
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => {
                        tools.clear();
                        setConfirmClear(false);
                        close();
                      }}
                      data-testid="chart-drawings-clear-confirm"
                    >
                      {t('draw.clearConfirm', { count: drawings.length })}
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setConfirmClear(true)}
                      data-testid="chart-drawings-clear"
                    >
                      {t('draw.clear')}
                    </Button>
                  )}
                </div>
              )}
              {full && (
                <p className="ob-chart-menu-note">{t('draw.max', { max: CHART_LAYOUT_MAX_DRAWINGS })}</p>
              )}
            </>
          )}
        </ChartMenu>
      </div>
    </div>
  );
}
