export type DocSection = { h: string; p: string };
export type Doc = { updated: string; intro: string; sections: Record<string, DocSection> };
export type Docs = { agreement: Doc; privacy: Doc };
