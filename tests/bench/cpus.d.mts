// Types of cpus.mjs for the TypeScript tests that print its figures (tests/e2e/visualiser.e2e.ts).
export interface CpuSpeeds {
  /** ns per 52-card shuffle + deal on each CPU, one CPU at a time. */
  alone: number[];
  /** The same, all CPUs at once. */
  together: number[];
  /** The most as many threads as CPUs could gain over one thread on the fastest CPU alone. */
  ceiling: number;
}
export function cpuSpeeds(): Promise<CpuSpeeds | null>;
export function describeCpus(speeds: CpuSpeeds | null): string;
export function probeOn(cpu: number): Promise<number>;
export function allowedCpus(): number[];
