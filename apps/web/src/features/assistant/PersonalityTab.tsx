import { PERSONA_KEYS, PERSONAS } from '@yumi/core';
import { useTranslation } from 'react-i18next';
import { useAiSettings } from '../../shared/ai';
import { RadioCards } from '../../shared/ui/RadioCards';
import { PersonaAvatar } from './PersonaAvatar';

/** Seven persona cards; the selected one is previewed, kept, and sent with every chat. */
export function PersonalityTab() {
  const { t } = useTranslation('helper');
  const { personality, setPersonality } = useAiSettings();
  const selected = PERSONAS[personality];
  const traits = t(`personas.${selected.key}.traits`, { returnObjects: true }) as string[];
  return (
    <div className="personality">
      <section className="persona-preview" aria-live="polite" aria-labelledby="persona-preview-name" data-testid="persona-preview">
        <PersonaAvatar persona={selected.key} size={60} />
        <div>
          <p className="eyebrow">{t('personality.selected')}</p>
          <h3 id="persona-preview-name">
            {t(`personas.${selected.key}.name`)} <span aria-hidden="true">{selected.emoji}</span>
          </h3>
          <p className="muted">{t(`personas.${selected.key}.description`)}</p>
          <ul className="trait-list">
            {traits.map((trait) => (
              <li key={trait} className="badge">
                {trait}
              </li>
            ))}
          </ul>
          <blockquote className="preview-quote">“{t(`personas.${selected.key}.greeting`)}”</blockquote>
          <p className="muted small">
            {t('personality.likes')}: {t(`personas.${selected.key}.likes`)}
          </p>
        </div>
      </section>
      <RadioCards
        className="persona-grid"
        label={t('personality.choose')}
        value={personality}
        onValueChange={setPersonality}
        options={PERSONA_KEYS.map((key) => ({
          value: key,
          media: <PersonaAvatar persona={key} size={34} />,
          label: t(`personas.${key}.name`),
          description: t(`personas.${key}.short`),
        }))}
      />
    </div>
  );
}
