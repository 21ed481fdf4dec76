// js-yaml 3 is gray-matter's own YAML parser (its dependency, locked in package-lock.json);
// front-matter.ts hands gray-matter a YAML engine built on it. Only what that file uses.
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
