import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_CONTROLS_HIDE_MS, VIDEO_RATES } from '@simshop/contracts';

const clock = (s: number) => {
  if (!Number.isFinite(s) || s < 0) return '0:00';
  const m = Math.floor(s / 60);
  const sec = Math.floor(s % 60);
  return `${m}:${String(sec).padStart(2, '0')}`;
};

/**
 * The goods video with the spec's controls: play/pause, seek, time, playback rates 0.5x to 2x and full screen;
 * the controls hide 3 s after the last touch while it plays, and come back on a tap.
 */
export function GoodsVideo({ src, poster, title }: { src: string; poster?: string | null; title: string }) {
  const { t } = useTranslation('catalogue');
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [rate, setRate] = useState(1);
  const [rates, setRates] = useState(false);
  const [shown, setShown] = useState(true);
  const [failed, setFailed] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const poke = useCallback(() => {
    setShown(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      if (!video.current?.paused) {
        setShown(false);
        setRates(false);
      }
    }, VIDEO_CONTROLS_HIDE_MS);
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) void v.play().catch(() => setFailed(true));
    else v.pause();
    poke();
  };
  const chooseRate = (r: number) => {
    if (video.current) video.current.playbackRate = r;
    setRate(r);
    setRates(false);
    poke();
  };
  const fullscreen = () => {
    const el = box.current as (HTMLDivElement & { webkitRequestFullscreen?: () => void }) | null;
    const v = video.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (el?.requestFullscreen) void el.requestFullscreen().catch(() => undefined);
    else v?.webkitEnterFullscreen?.(); // iOS Safari: only the video element itself goes full screen
    poke();
  };

  const visible = shown || !playing;
  return (
    <div ref={box} className="cat-video" data-controls={visible ? 'shown' : 'hidden'} onPointerDown={poke}>
      <video
        ref={video}
        src={src}
        poster={poster ?? undefined}
        playsInline
        preload="metadata"
        aria-label={title}
        onClick={() => (visible ? toggle() : poke())}
        onPlay={() => {
          setPlaying(true);
          poke();
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onError={() => setFailed(true)}
      />
      {failed ? <p className="cat-video-error">{t('video.failed')}</p> : null}
      <div className="cat-video-controls" hidden={!visible}>
        <button
          type="button"
          className="cat-video-button"
          aria-label={playing ? t('video.pause') : t('video.play')}
          onClick={toggle}
        >
          {playing ? (
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
              <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
            </svg>
          ) : (
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
            </svg>
          )}
        </button>
        <span className="cat-video-time">
          {clock(time)} / {clock(duration)}
        </span>
        <input
          type="range"
          className="cat-video-seek"
          aria-label={t('video.seek')}
          aria-valuetext={`${clock(time)} / ${clock(duration)}`}
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 0}
          step={0.1}
          value={Math.min(time, duration || 0)}
          onChange={(e) => {
            const v = video.current;
            if (v) v.currentTime = Number(e.target.value);
            setTime(Number(e.target.value));
            poke();
          }}
        />
        <span className="cat-video-rate">
          <button
            type="button"
            className="cat-video-button"
            aria-haspopup="true"
            aria-expanded={rates}
            aria-label={t('video.rate', { rate })}
            onClick={() => {
              setRates((r) => !r);
              poke();
            }}
          >
            {rate}x
          </button>
          {rates ? (
            <span className="cat-video-rates" role="group" aria-label={t('video.rates')}>
              {VIDEO_RATES.map((r) => (
                <button key={r} type="button" aria-pressed={r === rate} onClick={() => chooseRate(r)}>
                  {r}x
                </button>
              ))}
            </span>
          ) : null}
        </span>
        <button
          type="button"
          className="cat-video-button"
          aria-label={t('video.fullscreen')}
          onClick={fullscreen}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
    </div>
  );
}
