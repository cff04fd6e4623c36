// The control of scripts/api-docs.mjs --check: one export without a doc comment, and one whose
// {@link} points nowhere. The check must report both (it is never part of the package).
export declare function undocumented(): void;
/** A constant whose link is broken: {@link NoSuchExport}. */
export declare const broken: number;
