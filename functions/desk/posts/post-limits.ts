import { MAX_CONTENT_FILE_BYTES } from "../../../src/content/content-limits";

/** A post's form or autosave: its text (at most a content file) with its fields, as sent (form-encoded text grows up to 3 times). */
export const POST_BODY_BYTES = 3 * MAX_CONTENT_FILE_BYTES + 64 * 1024;
