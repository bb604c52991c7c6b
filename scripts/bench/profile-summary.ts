import fs from 'node:fs';
import path from 'node:path';

/**
 * `node scripts/bench/profile-summary.ts <file.cpuprofile> [top]`: where a V8 CPU profile's time
 * went, by function (self time) and by package or source folder (self time summed), so a benchmark's
 * profile (BENCH_CPU_PROFILE_DIR) says what each step of a request costs — in µs per request where
 * the profile says how many requests were served.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  /** Requests the target served while profiled (target-process.ts adds it). */
  requests?: number;
}

const [file, topArgument] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArgument ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

/** node_modules/<package> or the source folder (server/web), or the V8 category ((garbage collector)). */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const local = /\/(server|scripts|client)\/(.*)\/[^/]+$/.exec(url);
  return local ? `${local[1]}/${local[2]}` : path.basename(url);
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const name = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const place = placeOf(url, functionName);
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
}
const perRequest = (micros: number) =>
  profile.requests ? `  ${(micros / profile.requests).toFixed(2).padStart(6)} µs/request` : '';
const share = (micros: number) => `${((micros / total) * 100).toFixed(1).padStart(5)} %${perRequest(micros)}`;
const print = (title: string, entries: Map<string, number>) => {
  console.log(title);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${share(micros)}  ${name}`);
  }
};
const served = profile.requests ? `, ${profile.requests.toLocaleString('en-US')} requests served` : '';
console.log(`${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled${served}`);
print('self time by package or folder:', byPlace);
print('self time by function:', byFunction);
