import { useTranslation } from 'react-i18next';
import { type MacroContent, type MacroStep, macroDuration } from '@padhub/contracts';
import { useLabels } from '@/features/configs/lib/labels.ts';
import { MacroTimeline } from './macro-timeline.tsx';

/** A macro: what triggers it, its timeline, and its steps in words. */
export function MacroView({ name, content }: { name: string; content: MacroContent }) {
  const { t } = useTranslation();
  const { nameOf } = useLabels();
  const stepText = (step: MacroStep) => {
    switch (step.action) {
      case 'wait':
        return t('configs.macro.wait', { ms: step.ms });
      case 'hold':
        return t('configs.macro.hold', { button: nameOf(step.button), ms: step.ms });
      default:
        return t(`configs.macro.${step.action}`, { button: nameOf(step.button) });
    }
  };
  return (
    <div className="macro-view">
      <p className="config-note">
        {t('configs.macro.trigger', { input: nameOf(content.trigger.input), mode: t(`configs.macro.modes.${content.trigger.mode}`) })}
        {' · '}
        {t('configs.macro.length', { ms: macroDuration(content.steps) })}
      </p>
      <MacroTimeline name={name} steps={content.steps} />
      <details className="macro-steps">
        <summary>{t('configs.macro.steps', { count: content.steps.length })}</summary>
        <ol>
          {content.steps.map((step, i) => (
            <li key={i}>{stepText(step)}</li>
          ))}
        </ol>
      </details>
    </div>
  );
}
