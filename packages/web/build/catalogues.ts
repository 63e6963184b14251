import path from 'node:path';
import { type Plugin, runnerImport } from 'vite';

const PREFIX = 'virtual:gatehouse-catalogue/';
const LANGS = ['zh-CN', 'zh-TW', 'en'];
/** antd's texts (pagination, date picker, empty, ...) and dayjs's month and week names come with the language's own. */
const ANTD_LOCALES: Record<string, string> = { 'zh-CN': 'zh_CN', 'zh-TW': 'zh_TW', en: 'en_US' };
const DAYJS_LOCALES: Record<string, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' };

/**
 * `import('virtual:gatehouse-catalogue/<lang>')`: the texts of one language (server messages
 * and UI texts, key → text), taken at build time from src/i18n/catalogues.ts, which gathers the
 * JSON catalogues (contracts/src/messages/*.json, src/i18n/*.json) where every key carries its
 * three languages. The browser loads only the language in use (i18n/index.ts), not three
 * languages of every area in the first screen's entry; the module also brings antd's locale of
 * the language (`antdLocale`) and registers dayjs's.
 */
export function catalogues(): Plugin {
  let root = '';
  let cache: Promise<(lang: string) => Record<string, string>> | null = null;
  const load = () => {
    cache ??= runnerImport<{ flatCatalogue: (lang: string) => Record<string, string> }>(path.join(root, 'src/i18n/catalogues.ts'), {
      configFile: false,
      root,
      logLevel: 'error',
    }).then((r) => r.module.flatCatalogue);
    return cache;
  };
  return {
    name: 'gatehouse-catalogues',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) && LANGS.includes(id.slice(PREFIX.length)) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const flat = await load();
      const lang = id.slice(PREFIX.length + 1);
      const dayjs = DAYJS_LOCALES[lang];
      return [
        `export { default as antdLocale } from 'antd/es/locale/${ANTD_LOCALES[lang]}';`,
        dayjs ? `import 'dayjs/locale/${dayjs}';` : '',
        `export default ${JSON.stringify(flat(lang))};`,
      ].join('\n');
    },
    // In dev, an edited catalogue (web or contracts messages, JSON or its module) reloads the page with its new texts.
    configureServer(server) {
      server.watcher.add([path.join(root, 'src/i18n'), path.join(root, '../contracts/src')]);
      server.watcher.on('change', (file) => {
        if (!/[\\/](i18n|messages)[\\/][^\\/]+\.(ts|json)$/.test(file) && !file.endsWith('card-reader.ts')) return;
        cache = null;
        for (const lang of LANGS) {
          const mod = server.moduleGraph.getModuleById(`\0${PREFIX}${lang}`);
          if (mod) server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}
