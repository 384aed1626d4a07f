/**
 * The `host` model's state: what the host system has been told so far about the document shown,
 * so that each event goes out once, when it happens (docs/embedding.md).
 */
export interface Announced {
  /** The document the rest is about; another id starts over. */
  docId: string | undefined;
  opened: boolean;
  /** A failure is being shown (told once; a retry that fails again is told again). */
  failed: boolean;
  /** The page and zoom last told (0: none yet). */
  page: number;
  zoom: number;
}

export interface HostState {
  announced: Announced;
}

export const NOTHING_ANNOUNCED: Announced = {
  docId: undefined,
  opened: false,
  failed: false,
  page: 0,
  zoom: 0,
};

export const initialHostState: HostState = { announced: NOTHING_ANNOUNCED };
