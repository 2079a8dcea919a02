import { BACKGROUND_OPTIONS } from '@yumi/core';
import { useLayoutStore } from '../../shared/layout/store';

/** The chosen background behind the launcher: the mascot scene, a gradient, a solid colour or the user's image. */
export function LauncherBackground() {
  const background = useLayoutStore((s) => s.background);
  const custom = useLayoutStore((s) => s.customBackground);
  const id = background === 'custom' && !custom ? 'default' : background;
  const option = BACKGROUND_OPTIONS.find((o) => o.id === id) ?? BACKGROUND_OPTIONS[0]!;
  if (option.id === 'default') {
    return (
      <div className="launcher-bg launcher-bg-default" aria-hidden="true">
        <img src={option.preview} alt="" className="launcher-bg-mascot" />
      </div>
    );
  }
  const style = option.id === 'custom' ? { backgroundImage: `url("${custom}")` } : { background: option.value };
  return <div className={`launcher-bg launcher-bg-${option.type}`} style={style} data-testid="launcher-bg" aria-hidden="true" />;
}
