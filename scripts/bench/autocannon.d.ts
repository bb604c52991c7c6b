// autocannon ships no types: the part of its API the benchmarks call (autocannon 8).
declare module 'autocannon' {
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
  }

  export interface AutocannonResult {
    requests: { average: number; total: number };
    /** Seconds the run really took. */
    duration: number;
    errors: number;
    timeouts: number;
    /** Answers outside 200–299. */
    non2xx: number;
  }

  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
