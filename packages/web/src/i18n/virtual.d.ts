/** One language's texts, key → text, and antd's locale of the language (build/catalogues.ts). */
declare module 'virtual:gatehouse-catalogue/*' {
  import type { Locale } from 'antd/es/locale';
  export const antdLocale: Locale;
  const texts: Record<string, string>;
  export default texts;
}
