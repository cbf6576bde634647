import { Language } from '@matchlog/audit';

const SUPPORTED: readonly Language[] = ['en', 'es'];

/** The supported language the client prefers most (Accept-Language with q-values), else English. */
export const languageOf = (acceptLanguage: string | undefined): Language => {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.split('-')[0], q: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ language, q }) => SUPPORTED.includes(language as Language) && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return (ranked[0]?.language as Language | undefined) ?? 'en';
};
