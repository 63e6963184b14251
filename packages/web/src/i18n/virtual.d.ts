/** One language's texts, key → text (build/catalogues.ts). */
declare module 'virtual:gatehouse-catalogue/*' {
  const texts: Record<string, string>;
  export default texts;
}
