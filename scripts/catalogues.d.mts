export declare const CATALOGUES: readonly ("first" | "pages")[];
export declare function catalogueFile(locale: string, catalogue: string): string;
export declare const PAGE_FILES: string[];
