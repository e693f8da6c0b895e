import { useTranslation } from 'react-i18next';
import { type Output, buttonMarks } from '@padhub/contracts';

const named = ['left_stick', 'right_stick', 'lever', 'gyro', 'view', 'menu', 'home', 'capture', 'dpad', 'mouse'] as const;
type Named = (typeof named)[number];
const isNamed = (id: string): id is Named => (named as readonly string[]).includes(id);

/**
 * How inputs and outputs read: marks for what every player knows (A, LB, P1), the d-pad with its
 * arrow, words (translated) for sticks, gyro and the menu buttons.
 */
export function useLabels() {
  const { t } = useTranslation();
  const nameOf = (id: string): string => {
    if (isNamed(id)) return t(`configs.names.${id}`);
    if (id.startsWith('dpad_')) return `${t('configs.names.dpad')} ${buttonMarks[id as keyof typeof buttonMarks] ?? ''}`.trim();
    return buttonMarks[id as keyof typeof buttonMarks] ?? id.toUpperCase();
  };
  const outputText = (output: Output): string => {
    switch (output.type) {
      case 'button':
        return output.turboHz ? t('configs.turbo', { output: nameOf(output.button), hz: output.turboHz }) : nameOf(output.button);
      case 'key':
        // Key codes as keyboards name them: KeyW → W, Digit1 → 1, Space stays.
        return output.key.replace(/^(Key|Digit)(?=.)/, '');
      case 'stick': {
        // Sensitivity, inverted Y and dead zone: two gyro setups often differ only here.
        const tuning = [output.sensitivity !== undefined && `×${output.sensitivity}`, output.invertY && '⇅', output.deadzone !== undefined && `${Math.round(output.deadzone * 100)}%`];
        return [nameOf(output.target), ...tuning.filter(Boolean)].join(' ');
      }
      case 'none':
        return t('configs.off');
    }
  };
  return { nameOf, outputText };
}
