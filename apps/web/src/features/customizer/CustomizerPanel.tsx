import {
  BACKGROUND_OPTIONS,
  CUSTOM_BACKGROUND_MAX_FILE_BYTES,
  LAYOUT_IMPORT_MAX_BYTES,
  PANEL_IDS,
  parseLayoutImport,
  SAVE_NOTICE_MS,
  type LayoutExport,
} from '@yumi/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../shared/files/download';
import { readBackgroundFile } from './image';
import { useLayoutStore } from '../../shared/layout/store';
import './customizer.css';
import { Button } from '../../shared/ui/Button';

const LayoutPreview = lazy(() => import('./LayoutPreview').then((m) => ({ default: m.LayoutPreview })));

/** The Layout and Theme Customizer (first document §2, §4, §5). */
export default function CustomizerPanel() {
  const { t } = useTranslation('main');
  const store = useLayoutStore();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const importRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<HTMLInputElement>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const save = () => {
    store.save();
    setNotice(true);
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(false), SAVE_NOTICE_MS);
  };

  const exportLayout = () => {
    const data: LayoutExport = { layout: store.layout, background: store.background, panels: store.panels };
    downloadBlob(JSON.stringify(data, null, 2), `yumi-layout-${new Date().toISOString().slice(0, 10)}.json`, 'application/json');
  };

  const importLayout = async (file: File | undefined) => {
    if (!file) return;
    try {
      if (!/\.json$/i.test(file.name) || file.size > LAYOUT_IMPORT_MAX_BYTES) throw new Error('Invalid layout file');
      store.applyImport(parseLayoutImport(await file.text()));
    } catch {
      window.alert(t('customizer.invalidFile'));
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    const result = await readBackgroundFile(file);
    if (result.kind === 'ignored') return; // not image/*: silently ignored, as specified
    if (result.kind === 'tooLarge') setUploadError(t('customizer.tooLarge', { mb: CUSTOM_BACKGROUND_MAX_FILE_BYTES / 1024 / 1024 }));
    else if (result.kind === 'notImage') setUploadError(t('customizer.notImage'));
    else if (!store.setCustomBackground(result.dataUrl)) setUploadError(t('customizer.notStored'));
  };

  const options = BACKGROUND_OPTIONS.filter((o) => o.id !== 'custom' || store.customBackground);
  return (
    <div className="customizer">
      <section className="cz-section" aria-labelledby="cz-layout">
        <h3 id="cz-layout">{t('customizer.layoutSettings')}</h3>
        <div className="cz-row">
          <button type="button" className={`btn ${editing ? 'btn-primary' : ''}`} aria-pressed={editing} onClick={() => setEditing(!editing)}>
            {editing ? t('customizer.exitEditor') : t('customizer.editLayout')}
          </button>
          <Button onClick={save}>
            {t('customizer.saveLayout')}
          </Button>
          {notice && (
            <span className="alert alert-success cz-notice" role="status">
              {t('customizer.saved')}
            </span>
          )}
        </div>
        {editing && (
          <div className="cz-toolbar" role="toolbar" aria-label={t('customizer.toolbar')}>
            <Button size="sm" onClick={() => store.reset()}>
              {t('customizer.reset')}
            </Button>
            <Button size="sm" onClick={exportLayout}>
              {t('customizer.export')}
            </Button>
            <Button size="sm" onClick={() => importRef.current?.click()}>
              {t('customizer.import')}
            </Button>
            <input
              ref={importRef}
              type="file"
              accept=".json,application/json"
              hidden
              data-testid="layout-import"
              onChange={(e) => {
                void importLayout(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </div>
        )}
      </section>

      <section className="cz-section" aria-labelledby="cz-panels">
        <h3 id="cz-panels">{t('customizer.panelVisibility')}</h3>
        <div className="cz-checks">
          {PANEL_IDS.map((id) => (
            <label key={id} className="cz-check">
              <input type="checkbox" checked={store.panels[id]} onChange={(e) => store.setPanelVisible(id, e.target.checked)} />
              <span>{t(`customizer.panels.${id}`)}</span>
            </label>
          ))}
        </div>
      </section>

      <section className="cz-section" aria-labelledby="cz-bg">
        <h3 id="cz-bg">{t('customizer.backgroundTheme')}</h3>
        <div className="cz-row">
          <Button size="sm" onClick={() => uploadRef.current?.click()}>
            {t('customizer.upload')}
          </Button>
          <span className="muted cz-hint">{t('customizer.uploadHint', { mb: CUSTOM_BACKGROUND_MAX_FILE_BYTES / 1024 / 1024 })}</span>
          <input
            ref={uploadRef}
            type="file"
            accept="image/*"
            hidden
            data-testid="background-upload"
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
        {uploadError && (
          <p className="alert alert-error" role="alert">
            {uploadError}
          </p>
        )}
        <div className="bg-grid">
          {options.map((o) => (
            <button
              key={o.id}
              type="button"
              className={`bg-option${store.background === o.id ? ' is-active' : ''}`}
              aria-pressed={store.background === o.id}
              data-testid={`bg-${o.id}`}
              onClick={() => store.setBackground(o.id)}
            >
              <span
                className="bg-swatch"
                style={
                  o.id === 'custom'
                    ? { backgroundImage: `url("${store.customBackground}")` }
                    : o.type === 'image'
                      ? { backgroundImage: `url("${o.preview}")` }
                      : { background: o.preview }
                }
              />
              <span className="bg-name">{t(`customizer.backgrounds.${o.id}`)}</span>
            </button>
          ))}
        </div>
      </section>

      <section className="cz-section" aria-labelledby="cz-preview">
        <h3 id="cz-preview">{t('customizer.preview')}</h3>
        <p className="muted cz-hint">{editing ? t('customizer.previewEditing') : t('customizer.previewLocked')}</p>
        <Suspense fallback={<div className="layout-preview" aria-busy="true" />}>
          <LayoutPreview editing={editing} />
        </Suspense>
      </section>
    </div>
  );
}
