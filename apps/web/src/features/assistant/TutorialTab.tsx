import { FAQ, FAQ_CATEGORIES, type FaqCategory } from '@yumi/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './icons';

/** The Tutorial (FAQ): four categories, NEW badges, and a search over questions and answers. */
export function TutorialTab() {
  const { t } = useTranslation('helper');
  const [category, setCategory] = useState<FaqCategory | 'all'>('all');
  const [query, setQuery] = useState('');
  const items = useMemo(() => {
    const q = query.trim().toLowerCase();
    return FAQ.filter((f) => category === 'all' || f.category === category)
      .map((f) => ({ ...f, q: t(`faq.items.${f.id}.q`), a: t(`faq.items.${f.id}.a`) }))
      .filter((f) => !q || f.q.toLowerCase().includes(q) || f.a.toLowerCase().includes(q));
  }, [category, query, t]);

  return (
    <div className="tutorial">
      <div className="search-box">
        <SearchIcon />
        <label htmlFor="faq-search" className="visually-hidden">
          {t('faq.search')}
        </label>
        <input id="faq-search" className="input" type="search" placeholder={t('faq.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <div className="chip-row" role="group" aria-label={t('faq.categories')}>
        {(['all', ...FAQ_CATEGORIES] as const).map((c) => (
          <button key={c} type="button" className="chip" aria-pressed={category === c} onClick={() => setCategory(c)}>
            {t(`faq.category.${c}`)}
          </button>
        ))}
      </div>
      {items.length === 0 && <p className="muted empty">{t('faq.noResults')}</p>}
      <div className="faq-list">
        {FAQ_CATEGORIES.filter((c) => items.some((i) => i.category === c)).map((c) => (
          <section key={c} aria-labelledby={`faq-cat-${c}`}>
            <h3 id={`faq-cat-${c}`} className="faq-category">
              {t(`faq.category.${c}`)}
            </h3>
            {items
              .filter((i) => i.category === c)
              .map((item) => (
                <details key={item.id} className="faq-item">
                  <summary>
                    <span>{item.q}</span>
                    {item.isNew && <span className="badge badge-new">{t('faq.new')}</span>}
                  </summary>
                  <p>{item.a}</p>
                </details>
              ))}
          </section>
        ))}
      </div>
    </div>
  );
}
