export declare const COVERAGE_PROJECTS: string[]
export declare const OTHER_PROJECTS: string[]
export declare const UNIT_RUNS: Array<{ label: string; args: string[] }>
