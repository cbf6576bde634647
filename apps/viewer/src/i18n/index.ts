export { language, loadLanguage, setLanguage, t } from './catalogue';
export type { Language, MessageKey, Params } from './catalogue';
