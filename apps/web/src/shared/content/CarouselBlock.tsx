import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockProps } from './blockProps.js';
import { imageSrc } from './links.js';

const DEFAULT_INTERVAL_MS = 7000;

/** spec §3: the carousel wraps around at both ends. */
export const wrapIndex = (index: number, count: number): number =>
  count === 0 ? 0 : ((index % count) + count) % count;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** spec §3 Carousel: items {value {carousel_image, text, summary}}; previous/next wrap around. */
export function CarouselBlock({ settings }: BlockProps<'carousel'>) {
  const { t } = useTranslation();
  const items = (Array.isArray(settings.items) ? settings.items : []).filter(
    (item) => item && typeof item.value === 'object' && item.value !== null,
  );
  const count = items.length;
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const interval =
    typeof settings.interval === 'number' && settings.interval >= 0 ? settings.interval : DEFAULT_INTERVAL_MS;

  useEffect(() => {
    if (count < 2 || paused || interval === 0 || prefersReducedMotion()) return;
    const timer = setInterval(() => setActive((index) => wrapIndex(index + 1, count)), interval);
    return () => clearInterval(timer);
  }, [count, paused, interval]);

  if (count === 0) return null;
  const current = wrapIndex(active, count);
  const go = (index: number) => setActive(wrapIndex(index, count));

  return (
    <section
      className="ob-carousel"
      aria-roledescription="carousel"
      aria-label={t('site.carousel.label')}
      data-testid="content-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="ob-carousel-track" aria-live={paused ? 'polite' : 'off'}>
        {items.map((item, index) => {
          const src = imageSrc(item.value.carousel_image);
          return (
            <figure
              // biome-ignore lint/suspicious/noArrayIndexKey: slides have no id and keep their order
              key={index}
              className={`ob-carousel-slide ${index === current ? 'active' : ''} ${src ? 'ob-carousel-slide-image' : ''}`}
              aria-roledescription="slide"
              aria-label={t('site.carousel.slide', { index: index + 1, count })}
              aria-hidden={index !== current}
              data-testid={index === current ? 'carousel-active' : undefined}
            >
              {src && (
                <img src={src} alt={item.value.carousel_image?.alt ?? ''} className="ob-carousel-image" />
              )}
              <div className="ob-carousel-caption">
                {item.value.text && <h3 className="ob-carousel-title">{item.value.text}</h3>}
                {item.value.summary && <p className="ob-carousel-summary">{item.value.summary}</p>}
              </div>
            </figure>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="ob-carousel-control ob-carousel-prev"
            onClick={() => go(current - 1)}
            aria-label={t('site.carousel.previous')}
            data-testid="carousel-prev"
          >
            <i className="bi bi-chevron-left" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="ob-carousel-control ob-carousel-next"
            onClick={() => go(current + 1)}
            aria-label={t('site.carousel.next')}
            data-testid="carousel-next"
          >
            <i className="bi bi-chevron-right" aria-hidden="true" />
          </button>
          <div className="ob-carousel-dots">
            {items.map((_, index) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide, in slide order
                key={index}
                type="button"
                className={index === current ? 'active' : ''}
                aria-label={t('site.carousel.slide', { index: index + 1, count })}
                aria-current={index === current}
                onClick={() => go(index)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
