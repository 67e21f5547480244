/**
 * The median wall time, in ms, of `runs` GETs of `url` with the bearer `token`, after `warmup` untimed ones (a
 * round trip over HTTP: each response is read to its end; a response that is not 2xx throws).
 */
export async function medianRequestMs(url: string, token: string, runs: number, warmup = 3): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    if (i >= warmup) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}
