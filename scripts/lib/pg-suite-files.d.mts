export function pgSuiteFiles(root: string): { database: string[]; identical: string[] }
