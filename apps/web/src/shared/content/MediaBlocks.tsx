import { BANNER_HEIGHTS, type ImageRef } from '@openbroker/domain';
import type { CSSProperties } from 'react';
import type { BlockProps } from './blockProps.js';
import { imageSrc, SmartLink, safeUrl } from './links.js';

/** spec §9: banner heights 400 large, 260 otherwise. */
export const bannerHeight = (height: unknown): number =>
  height === 'large' ? BANNER_HEIGHTS.large : BANNER_HEIGHTS.small;

function Img({ image, className }: { image: Partial<ImageRef> | undefined; className?: string }) {
  const src = imageSrc(image);
  if (!src) return null;
  return (
    <img
      src={src}
      alt={image?.alt ?? ''}
      className={className}
      decoding="async"
      {...(image?.width ? { width: image.width } : {})}
      {...(image?.height ? { height: image.height } : {})}
    />
  );
}

export function CustomImageBlock({ settings }: BlockProps<'customimage'>) {
  if (!imageSrc(settings.image)) return null;
  return (
    <figure className="ob-figure">
      <Img image={settings.image} className={`img-fluid ${settings.rounded === false ? '' : 'ob-rounded'}`} />
      {settings.caption && <figcaption className="ob-figure-caption">{settings.caption}</figcaption>}
    </figure>
  );
}

export function ImageBlock({ settings }: BlockProps<'image'>) {
  if (!imageSrc(settings.image)) return null;
  const image = <Img image={settings.image} className="img-fluid ob-rounded" />;
  return (
    <div className="ob-image">
      {settings.link_url ? <SmartLink to={settings.link_url}>{image}</SmartLink> : image}
    </div>
  );
}

/** A YouTube or Vimeo page address as its embeddable player address, or null for anything else. */
export function embedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  if (host === 'youtu.be') return `https://www.youtube-nocookie.com/embed/${parsed.pathname.slice(1)}`;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = parsed.searchParams.get('v') ?? parsed.pathname.split('/embed/')[1];
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === 'vimeo.com') return `https://player.vimeo.com/video/${parsed.pathname.slice(1)}`;
  if (host === 'player.vimeo.com') return url;
  return null;
}

export function VideoBlock({ settings }: BlockProps<'video'>) {
  const url = safeUrl(settings.url);
  if (!url) return null;
  const embed = embedUrl(url);
  const poster = imageSrc(settings.poster);
  return (
    <figure className="ob-video">
      <div className="ratio ratio-16x9 ob-rounded overflow-hidden">
        {embed ? (
          <iframe
            src={embed}
            title={settings.title ?? 'Video'}
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <video src={url} controls preload="metadata" {...(poster ? { poster } : {})} />
        )}
      </div>
      {settings.title && <figcaption className="ob-figure-caption">{settings.title}</figcaption>}
    </figure>
  );
}

/** spec §2 'big hero': the headline block of a landing page. */
export function HeroBlock({ settings }: BlockProps<'hero'>) {
  const hasImage = !!imageSrc(settings.image);
  return (
    <section className={`ob-hero ${hasImage ? 'ob-hero-with-media' : ''}`} data-testid="content-hero">
      <div className="container-xl">
        <div className="ob-hero-grid">
          <div className="ob-hero-inner">
            {settings.title && <h1 className="ob-hero-title">{settings.title}</h1>}
            {settings.subtitle && <p className="ob-hero-lead">{settings.subtitle}</p>}
            {settings.button_text && settings.button_url && (
              <SmartLink to={settings.button_url} className="btn btn-primary btn-lg ob-hero-cta">
                {settings.button_text}
                <i className="bi bi-arrow-right ms-2" aria-hidden="true" />
              </SmartLink>
            )}
          </div>
          {hasImage && (
            <div className="ob-hero-media">
              <Img image={settings.image} className="ob-hero-image" />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

/** spec §3 Banner: title, summary, image, height large (400 px) or small (260 px). */
export function PageBannerBlock({ settings }: BlockProps<'pagebanner'>) {
  const src = imageSrc(settings.image);
  const style = {
    minHeight: bannerHeight(settings.height),
    ...(src ? { '--ob-banner-image': `url("${src.replaceAll('"', '%22')}")` } : {}),
  } as CSSProperties;
  return (
    <section
      className={`ob-pagebanner ${src ? 'ob-pagebanner-image' : ''}`}
      style={style}
      data-testid="content-pagebanner"
    >
      <div className="container-xl ob-pagebanner-inner">
        {settings.title && <h1 className="ob-pagebanner-title">{settings.title}</h1>}
        {settings.summary && <p className="ob-pagebanner-summary">{settings.summary}</p>}
      </div>
    </section>
  );
}

/** A banner with its picture beside the text (heights as the page banner). */
export function BannerMediaBlock({ settings }: BlockProps<'bannermedia'>) {
  const hasImage = !!imageSrc(settings.image);
  const mediaFirst = settings.media_position === 'start';
  return (
    <section
      className="ob-bannermedia"
      style={{ minHeight: bannerHeight(settings.height) }}
      data-testid="content-bannermedia"
    >
      <div className="container-xl">
        <div className={`ob-bannermedia-grid ${mediaFirst ? 'ob-bannermedia-reverse' : ''}`}>
          <div className="ob-bannermedia-text">
            {settings.title && <h2 className="ob-bannermedia-title">{settings.title}</h2>}
            {settings.summary && <p className="ob-bannermedia-summary">{settings.summary}</p>}
          </div>
          {hasImage && (
            <div className="ob-bannermedia-media">
              <Img image={settings.image} className="ob-bannermedia-image" />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
