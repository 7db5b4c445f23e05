/**
 * A browser's cookies for one site, as tests and benchmarks play a browser: each answer's
 * Set-Cookie lines replace what it held (the last value of each cookie; an emptied or expired one
 * is dropped), and `header()` is what the browser then sends.
 */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    take(setCookie: string | readonly string[] | undefined) {
      for (const line of ([] as string[]).concat(setCookie ?? [])) {
        const [pair = ""] = line.split(";");
        const name = pair.slice(0, pair.indexOf("="));
        const value = pair.slice(pair.indexOf("=") + 1);
        if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
    },
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
    has: (name: string) => jar.has(name),
  };
}

export type CookieJar = ReturnType<typeof cookieJar>;
