/**
 * The contract every place that runs challenge instances keeps (docs/architecture.md "Challenge instances"): the local
 * container engine (container-engine-provider.ts) or, later, a Kubernetes cluster. The server's table
 * `challenge_instances` is the record of what was asked; a provider only runs things, labelled so that what it runs can be
 * listed and reaped after a restart.
 */
export interface InstanceSpec {
  /** The server's id of the instance, unique; the provider names its objects after it. */
  id: string;
  image: string;
  /** The port the service listens on inside. */
  port: number;
  memoryMb: number;
  cpus: number;
  /** Whose it is: `user:<id>`, `team:<id>` or `shared`; listed by it. */
  ownerKey: string;
  challengeId: string;
  expiresAt: Date;
  /** The instance's flag, given to the service as the environment variable FLAG and the file /flag.txt. */
  flag: string;
}

export interface ProvidedInstance {
  id: string;
  ownerKey: string;
  challengeId: string;
  state: 'running' | 'starting' | 'stopped';
  /** Where players reach it: a host and port published by the provider. */
  endpoint: { host: string; port: number } | null;
  expiresAt: Date;
}

export interface InstanceProvider {
  readonly name: string;
  /** Starts an instance and returns once the engine reports it running, with its endpoint. */
  create(spec: InstanceSpec): Promise<ProvidedInstance>;
  /** Null when the provider has no such instance. */
  status(id: string): Promise<ProvidedInstance | null>;
  /** Records a later expiry; throws INSTANCE_NOT_FOUND-like errors as `InstanceGoneError`. */
  extend(id: string, expiresAt: Date): Promise<void>;
  /** Stops and removes the instance and everything made for it; does nothing if it is already gone. */
  delete(id: string): Promise<void>;
  /** Every instance the provider runs for Drapeau, or only an owner's. */
  list(ownerKey?: string): Promise<ProvidedInstance[]>;
}

export class InstanceGoneError extends Error {
  constructor(id: string) {
    super(`no instance ${id}`);
  }
}
