/** What every challenge-file generator receives. */
export interface GeneratorInput {
  /** The deployment's flag for this challenge, `CTF{...}`. */
  flag: string;
  /**
   * Per-deployment secret bytes for any randomness: every generator derives its choices from it
   * (through `createSeedStream`), so the same input always yields the same bytes.
   */
  seed: Buffer;
}

export interface GeneratedFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** A pure, deterministic function from (flag, seed) to one downloadable file. */
export type FileGenerator = (input: GeneratorInput) => GeneratedFile;
