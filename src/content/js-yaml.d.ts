// js-yaml 3, the YAML parser front-matter.ts reads front matter with (gray-matter's, which
// the site used before). Only what that file uses.
declare module "js-yaml" {
  interface Schema {
    readonly __schema: unique symbol;
  }
  interface Mark {
    line: number;
    column: number;
  }
  interface YamlModule {
    CORE_SCHEMA: Schema;
    load(text: string, options?: { schema?: Schema; json?: boolean }): unknown;
  }
  const yaml: YamlModule;
  export default yaml;
  export type { Mark };
}
