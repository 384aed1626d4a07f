/** What webpack's ChunkLoadError tells: the chunk id is only in its message. */
export interface ChunkFailure {
  chunk: string;
  reason: 'timeout' | 'missing' | 'error';
}

export function describeChunkError(error: unknown): ChunkFailure | undefined {
  if (!(error instanceof Error) || error.name !== 'ChunkLoadError') return undefined;
  const chunk = /Loading (?:CSS )?chunk (\S+) failed/.exec(error.message)?.[1] ?? '?';
  const type = (error as Error & { type?: unknown }).type;
  const reason = type === 'timeout' || type === 'missing' ? type : 'error';
  return { chunk, reason };
}
