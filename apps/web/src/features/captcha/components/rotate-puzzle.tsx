import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DragSlider } from './drag-slider';
import type { PuzzleProps } from './slide-puzzle';

const THUMB_WIDTH = 48;
/** The slider spans this many picture px (the width of a slide picture), wider than the disc for finer control. */
const TRACK_WIDTH = 300;

/** Rotate-to-position: the slider turns the disc clockwise 0-360 degrees; the answer is the angle. */
export function RotatePuzzle({ captcha, scale, disabled, hintId, onAnswer }: PuzzleProps) {
  const { t } = useTranslation('captcha');
  const [deg, setDeg] = useState(0);
  const size = captcha.width * scale;
  return (
    <div className="captcha-puzzle">
      <div className="captcha-stage captcha-stage-round" style={{ width: TRACK_WIDTH * scale, height: size }}>
        <img
          className="captcha-disc"
          src={captcha.image}
          alt={t('rotateImage')}
          width={size}
          height={size}
          draggable={false}
          style={{ transform: `rotate(${deg}deg)` }}
        />
      </div>
      <DragSlider
        label={t('rotateLabel')}
        valueText={t('rotateValue', { value: Math.round(deg) })}
        describedBy={hintId}
        value={deg}
        max={360}
        step={2}
        trackWidth={TRACK_WIDTH * scale}
        thumbWidth={THUMB_WIDTH}
        disabled={disabled}
        onChange={setDeg}
        onCommit={(v) => onAnswer(Math.round(v) % 360)}
      />
    </div>
  );
}
