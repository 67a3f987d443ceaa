import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

const COPIED = 'data-bo-preview-copy';
const EXTRA_ID = 'bo-preview-theme';

/**
 * Copies the app's style sheets (Bootstrap, the site's CSS, the host brand's theme) into the frame's head,
 * then `extraCss` (the edited brand's theme) last, so it wins over the host brand's.
 */
function syncStyles(target: Document, extraCss: string | undefined) {
  for (const node of target.head.querySelectorAll(`[${COPIED}]`)) node.remove();
  for (const node of document.head.querySelectorAll('style, link[rel="stylesheet"]')) {
    const copy = node.cloneNode(true) as HTMLElement;
    copy.setAttribute(COPIED, '');
    target.head.append(copy);
  }
  target.getElementById(EXTRA_ID)?.remove();
  if (extraCss) {
    const style = target.createElement('style');
    style.id = EXTRA_ID;
    style.textContent = extraCss;
    target.head.append(style);
  }
}

/** The page's colour mode and the brand's inline variables, onto the frame's root. */
function syncRoot(target: Document, theme: 'light' | 'dark' | undefined) {
  const source = document.documentElement;
  const root = target.documentElement;
  root.setAttribute('data-bs-theme', theme ?? source.getAttribute('data-bs-theme') ?? 'light');
  root.lang = source.lang;
  const style = source.getAttribute('style');
  if (style) root.setAttribute('style', style);
  else root.removeAttribute('style');
}

/**
 * A same-origin iframe the preview is rendered into through a portal: it keeps React context (router,
 * query client, brand, translations) while its own width drives the site's media queries, so the phone
 * width is the real phone layout. Links and forms inside do nothing (it is a preview).
 */
export function PreviewFrame({
  width,
  chrome = 0,
  theme,
  extraCss,
  title,
  children,
  testId,
}: {
  /** CSS added after the app's (the edited brand's theme variables). */
  extraCss?: string;
  /** Pixels the frame's border adds to its width and height (a phone's bezel), for fitting it. */
  chrome?: number;
  /** The frame's CSS width in px; it is scaled down to fit when wider than the pane. */
  width: number;
  theme?: 'light' | 'dark';
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  /** Without a usable frame document (a browser or test DOM that loads no frames), render in place. */
  const [inline, setInline] = useState(false);
  const [size, setSize] = useState<{ width: number; height: number }>({ width: 0, height: 0 });
  const themeRef = useRef(theme);
  themeRef.current = theme;
  const cssRef = useRef(extraCss);
  cssRef.current = extraCss;

  const attach = useCallback(() => {
    if (!frame.current) return;
    const doc = frame.current.contentDocument;
    if (!doc?.body) {
      setInline(true);
      return;
    }
    if (doc.body.getAttribute('data-bo-preview') === 'ready') {
      setBody(doc.body);
      return;
    }
    syncStyles(doc, cssRef.current);
    syncRoot(doc, themeRef.current);
    doc.body.setAttribute('data-bo-preview', 'ready');
    doc.body.className = 'bo-preview-body';
    // A preview: following links or sending forms would leave the editor or post real messages.
    doc.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element | null)?.closest?.('a[href]')) event.preventDefault();
      },
      true,
    );
    doc.addEventListener(
      'submit',
      (event) => {
        event.preventDefault();
        event.stopPropagation();
      },
      true,
    );
    setBody(doc.body);
  }, []);

  useLayoutEffect(() => {
    if (!inline) attach();
  }, [attach, inline]);

  // Keep the copied styles and the colour mode in step with the app (lazy chunks add style sheets).
  useEffect(() => {
    const doc = body?.ownerDocument;
    if (!doc) return;
    syncRoot(doc, theme);
    syncStyles(doc, extraCss);
    if (typeof MutationObserver === 'undefined') return;
    const isStyle = (node: Node | null) =>
      !!node &&
      (node.nodeName === 'STYLE' || node.nodeName === 'LINK' || node.parentNode?.nodeName === 'STYLE');
    // Only style sheets matter (the window title also lives in the head and changes with every screen).
    const styles = new MutationObserver((mutations) => {
      const relevant = mutations.some(
        (mutation) =>
          isStyle(mutation.target) ||
          [...mutation.addedNodes, ...mutation.removedNodes].some((node) => isStyle(node)),
      );
      if (relevant) syncStyles(doc, cssRef.current);
    });
    styles.observe(document.head, { childList: true, subtree: true, characterData: true });
    const root = new MutationObserver(() => syncRoot(doc, themeRef.current));
    root.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-bs-theme', 'style', 'lang'],
    });
    return () => {
      styles.disconnect();
      root.disconnect();
    };
  }, [body, theme, extraCss]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The frame (plus its `chrome`, e.g. a phone's bezel) is scaled down to fit the pane when it is wider.
  const outer = width + chrome;
  const scale = size.width > 0 && size.width < outer ? size.width / outer : 1;
  const height = size.height > chrome ? (size.height - chrome) / scale : 800;
  const style = {
    width,
    height,
    transform: scale < 1 ? `scale(${scale})` : undefined,
    transformOrigin: 'top left',
  };
  return (
    <div ref={box} className="bo-preview-box" data-testid={testId}>
      <div className="bo-preview-stage" style={{ width: outer * scale, height: (height + chrome) * scale }}>
        {inline ? (
          <div
            className="bo-preview-frame bo-preview-inline"
            data-testid="preview-inline"
            style={{ ...style, overflow: 'auto' }}
            data-bs-theme={theme}
          >
            {children}
          </div>
        ) : (
          <iframe ref={frame} title={title} className="bo-preview-frame" onLoad={attach} style={style} />
        )}
      </div>
      {!inline && body && createPortal(children, body)}
    </div>
  );
}
