// What the benchmarks read of the local cloud's processes from /proc: CPU time and resident memory of
// the gateway's Node process and of its DynamoDB Local JVM.
import { readdir, readFile } from 'node:fs/promises';

export interface CpuTimes {
  gateway: number;
  java: number;
  driver: number;
}
export interface Rss {
  gatewayKb: number;
  gatewayPeakKb: number;
  javaKb: number;
  javaPeakKb: number;
}

/** Resident memory of the gateway's Node process and of the DynamoDB Local JVM (its child). */
export async function cloudRss(gatewayPid: number, javaPid: number | undefined): Promise<Rss> {
  const gateway = await memoryOf(gatewayPid);
  const java = javaPid ? await memoryOf(javaPid) : { rssKb: NaN, peakKb: NaN };
  return { gatewayKb: gateway.rssKb, gatewayPeakKb: gateway.peakKb, javaKb: java.rssKb, javaPeakKb: java.peakKb };
}

export const maxRss = (a: Rss, b: Rss): Rss => ({
  gatewayKb: Math.max(a.gatewayKb, b.gatewayKb),
  gatewayPeakKb: Math.max(a.gatewayPeakKb, b.gatewayPeakKb),
  javaKb: Math.max(a.javaKb, b.javaKb),
  javaPeakKb: Math.max(a.javaPeakKb, b.javaPeakKb),
});

/** CPU milliseconds (user + system) used so far by the gateway, the JVM and this process (the driver). */
export async function cpuTimes(gatewayPid: number, javaPid: number | undefined): Promise<CpuTimes> {
  const own = process.cpuUsage();
  return { gateway: await cpuMsOf(gatewayPid), java: javaPid ? await cpuMsOf(javaPid) : NaN, driver: (own.user + own.system) / 1000 };
}

export async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after "(comm) ": state is [0], utime [11], stime [12], in clock ticks (100 per second on Linux).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function memoryOf(pid: number): Promise<{ rssKb: number; peakKb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
}

/** A direct child process of `parent` whose command name is `name`. */
export async function childNamed(parent: number, name: string): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid …": comm may hold spaces, so split after its closing parenthesis.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent && comm === name) return Number(entry);
  }
  return undefined;
}


/** "VmRSS -> highest (peak VmHWM)" in MB, for the doc sections. */
export function rssLine(idle: Rss, loaded: Rss): string {
  const mb = (kb: number) => (kb / 1024).toFixed(0);
  return `gateway Node process ${mb(idle.gatewayKb)} -> ${mb(loaded.gatewayKb)} MB (peak ${mb(loaded.gatewayPeakKb)} MB); DynamoDB Local JVM ${mb(idle.javaKb)} -> ${mb(loaded.javaKb)} MB (peak ${mb(loaded.javaPeakKb)} MB)`;
}

/**
 * Waits until the cloud is quiet: its gateway and JVM together used under `busyMs` of CPU in a window
 * of `windowMs` (at most `limitMs` in all). A timed run started in the wake of the last one would pay for
 * that one's trailing work (the table stream's handlers read for every notification written).
 */
export async function untilQuiet(gatewayPid: number, javaPid: number | undefined, { windowMs = 250, busyMs = 10, limitMs = 30_000 } = {}): Promise<number> {
  const started = performance.now();
  const used = async () => (await cpuMsOf(gatewayPid)) + (javaPid ? await cpuMsOf(javaPid) : 0);
  let last = await used();
  while (performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = await used();
    if (now - last < busyMs) break;
    last = now;
  }
  return performance.now() - started;
}
