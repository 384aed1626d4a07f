// What a timed session runs under (bench/README.md, "Profiles"): a link and, on the phone, a
// phone's screen, touch and a slower CPU; and whether Folio's page previews are already rendered
// (warm) or not (cold). The command line names them (`--links`, `--temps`).

/** A network link emulated by CDP (`Network.emulateNetworkConditions`). */
export interface NetworkLink {
  /** Round-trip latency added to every request. */
  latencyMs: number;
  /** Both directions. */
  mbit: number;
}

/** The browser context's screen (Playwright's `newContext` options). */
export interface Device {
  width: number;
  height: number;
  deviceScaleFactor: number;
  /** Touch and a mobile viewport (`hasTouch`, `isMobile`). */
  mobile: boolean;
}

export interface Profile {
  /** null: loopback as it is. */
  network: NetworkLink | null;
  device: Device;
  /** CDP `Emulation.setCPUThrottlingRate`; 1: the machine's own speed. */
  cpuSlowdown: number;
  /**
   * Sessions end after the first view (no jump, scrolling or visits): on a CPU slowed 4× the walk
   * would take minutes a session, and what it measures (heap, canvases, jumps) is measured on the
   * desktop links.
   */
  firstViewOnly: boolean;
}

export const DESKTOP: Device = { width: 1280, height: 900, deviceScaleFactor: 1, mobile: false };
/** An iPhone 12–15's CSS viewport. */
export const PHONE: Device = { width: 390, height: 844, deviceScaleFactor: 3, mobile: true };

/**
 * The profiles `--links` names: loopback, a good Wi-Fi, a slow link
 * (docs/decisions/2026-11-25-range-first.md), and a phone on a mobile network.
 */
export const PROFILES = {
  loopback: { network: null, device: DESKTOP, cpuSlowdown: 1, firstViewOnly: false },
  '20mbit': {
    network: { latencyMs: 40, mbit: 20 },
    device: DESKTOP,
    cpuSlowdown: 1,
    firstViewOnly: false,
  },
  '5mbit': {
    network: { latencyMs: 100, mbit: 5 },
    device: DESKTOP,
    cpuSlowdown: 1,
    firstViewOnly: false,
  },
  phone: {
    network: { latencyMs: 85, mbit: 9 },
    device: PHONE,
    cpuSlowdown: 4,
    firstViewOnly: true,
  },
} as const satisfies Record<string, Profile>;

export type LinkName = keyof typeof PROFILES;
export const LINK_NAMES = Object.keys(PROFILES) as LinkName[];
/** 5 Mbit/s is left out by default to keep a `--runs 5` bench within ≈ 40 minutes. */
export const DEFAULT_LINKS: LinkName[] = ['loopback', '20mbit', 'phone'];

export function isLinkName(name: string): name is LinkName {
  return Object.hasOwn(PROFILES, name);
}

/** Whether Folio's previews of the document were already rendered and cached by the server. */
export type Temp = 'cold' | 'warm';
export const TEMPS: Temp[] = ['cold', 'warm'];

function networkLabel(network: NetworkLink | null): string {
  return network === null
    ? 'loopback'
    : `${String(network.mbit)} Mbit/s, ${String(network.latencyMs)} ms`;
}

export function linkLabel(name: LinkName): string {
  const { network, device, cpuSlowdown } = PROFILES[name];
  if (!device.mobile) return networkLabel(network);
  return `phone ${String(device.width)} × ${String(device.height)}, CPU ${String(cpuSlowdown)}× slower, ${networkLabel(network)}`;
}

/** The table's first cell: `tracemonkey (14 p.), 20 Mbit/s, 40 ms, warm`. */
export function rowLabel(
  doc: { name: string; pages: number },
  link: LinkName,
  temp: Temp | undefined,
): string {
  return `${doc.name} (${String(doc.pages)} p.), ${linkLabel(link)}${temp === undefined ? '' : `, ${temp}`}`;
}

/**
 * A comma-separated flag value as a list of `allowed` names, in `allowed`'s order, each once;
 * anything else throws with the flag's name and what it accepts.
 */
export function parseList<T extends string>(
  flag: string,
  value: string,
  allowed: readonly T[],
): T[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new Error(`--${flag}: name at least one of ${allowed.join(', ')}`);
  for (const name of names) {
    if (!(allowed as readonly string[]).includes(name)) {
      throw new Error(`--${flag}: "${name}" is not one of ${allowed.join(', ')}`);
    }
  }
  return allowed.filter((name) => names.includes(name));
}
