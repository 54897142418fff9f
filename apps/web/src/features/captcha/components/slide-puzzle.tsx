import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaResponse } from '@simshop/contracts';
import { DragSlider } from './drag-slider';

export type PuzzleProps = {
  captcha: CaptchaResponse;
  /** CSS px per picture px: the picture shrinks on screens narrower than it. */
  scale: number;
  disabled?: boolean;
  hintId: string;
  onAnswer: (answer: number) => void;
};

/** Drag-puzzle: the piece rides along its row as the slider moves; the answer is its x in picture px. */
export function SlidePuzzle({ captcha, scale, disabled, hintId, onAnswer }: PuzzleProps) {
  const { t } = useTranslation('captcha');
  const [x, setX] = useState(0);
  const size = captcha.pieceSize ?? 0;
  const max = captcha.width - size;
  const width = captcha.width * scale;
  return (
    <div className="captcha-puzzle">
      <div className="captcha-stage" style={{ width, height: captcha.height * scale }}>
        <img
          className="captcha-picture"
          src={captcha.image}
          alt={t('slideImage')}
          width={width}
          draggable={false}
        />
        <img
          className="captcha-piece"
          src={captcha.piece}
          alt={t('pieceImage')}
          draggable={false}
          style={{
            width: size * scale,
            height: size * scale,
            top: (captcha.pieceY ?? 0) * scale,
            transform: `translateX(${x * scale}px)`,
          }}
        />
      </div>
      <DragSlider
        label={t('slideLabel')}
        valueText={t('slideValue', { value: Math.round(x) })}
        describedBy={hintId}
        value={x}
        max={max}
        trackWidth={width}
        thumbWidth={size * scale}
        disabled={disabled}
        onChange={setX}
        onCommit={(v) => onAnswer(Math.round(v))}
      />
    </div>
  );
}
