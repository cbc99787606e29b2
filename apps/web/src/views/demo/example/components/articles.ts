import { createStore } from '../../../../store/createStore';

/** The example pages' mock article (vue-element-admin's article list), kept in the browser. */
export type Article = { id: number; title: string; author: string; importance: 1 | 2 | 3; type: 'CN' | 'US' | 'JP' | 'EU'; status: 'draft' | 'published'; pageviews: number; displayTime: string; content: string };

const AUTHORS = ['Alex Admin', 'Emma Stone', 'Liam Brooks', 'Mia Chen', 'Olivia Park'];
const TYPES: Article['type'][] = ['CN', 'US', 'JP', 'EU'];
const SUBJECTS = ['Pipeline review', 'Quarterly forecast', 'Campaign results', 'Onboarding guide', 'Customer story', 'Release notes'];

function generate(): Article[] {
  return Array.from({ length: 100 }, (_, i) => ({
    id: i + 1,
    title: `${SUBJECTS[i % SUBJECTS.length]} #${i + 1}`,
    author: AUTHORS[i % AUTHORS.length]!,
    importance: ((i % 3) + 1) as Article['importance'],
    type: TYPES[i % TYPES.length]!,
    status: i % 4 === 0 ? 'draft' : 'published',
    pageviews: (i * 733) % 5000,
    displayTime: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000 * 3).toISOString().slice(0, 10),
    content: `<p>Article ${i + 1}</p>`,
  }));
}

export const articlesStore = createStore<Article[]>(generate());

export function saveArticle(article: Omit<Article, 'id'> & { id?: number }): number {
  const id = article.id ?? Math.max(0, ...articlesStore.get().map((a) => a.id)) + 1;
  articlesStore.set((list) => (article.id ? list.map((a) => (a.id === id ? { ...article, id } : a)) : [{ ...article, id }, ...list]));
  return id;
}
