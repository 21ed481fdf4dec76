// js-yaml 3, the YAML parser front-matter.ts reads front matter with (gray-matter's, which
// the site used before). Only what that file and the desk server's YAML editor (yaml-edit.ts) use.
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
    /** `listener`: told where each node opens and closes (yaml-edit.ts finds the values' places so). */
    load(text: string, options?: { schema?: Schema; json?: boolean; listener?: (event: "open" | "close", state: { position: number; kind: string | null }) => void }): unknown;
  }
  const yaml: YamlModule;
  export default yaml;
  export type { Mark };
}
