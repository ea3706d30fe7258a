import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';
import { optionalText } from './config-fields';

// Several instances as one system (see docs/cluster.md): the variables and what they make. Pure over the values
// config.ts parsed.

/** The cluster variables, part of config.ts's environment schema. */
export const CLUSTER_ENV_FIELDS = {
  XT_REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits or _ : . -')
    .default('xt:'),
  XT_INSTANCE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits or . _ : -')
      .optional(),
  ),
  XT_LEASE_TTL_MS: z.coerce.number().int().min(500).max(60_000).default(3000),
  XT_FORWARD_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  XT_REBALANCE_USERS: z.coerce.number().int().min(0).max(1000).default(2),
  XT_REBALANCE_INTERVAL_MS: z.coerce.number().int().min(1000).max(600_000).default(5000),
};

const clusterEnvSchema = z.object(CLUSTER_ENV_FIELDS);
type ClusterEnv = z.infer<typeof clusterEnvSchema>;

export type ClusterSettings = {
  /** Prepended to every Redis channel: deployments (or test clusters) sharing one Redis never cross. */
  redisPrefix: string;
  /** This process's name among the cluster's instances (lease holder, bus replies). */
  instanceId: string;
  /** How long a lease lives unrenewed: a killed instance's users move after at most this (docs/cluster.md). */
  leaseTtlMs: number;
  /** How long the instance owning a user has to answer a request forwarded to it before the client gets a 503. */
  forwardTimeoutMs: number;
  /** At most this many users an instance above its fair share hands off per rebalance interval (0: never). */
  rebalanceUsers: number;
  rebalanceIntervalMs: number;
};

const defaultInstanceId = () => `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;

export const clusterSettings = (e: ClusterEnv): ClusterSettings => ({
  redisPrefix: e.XT_REDIS_PREFIX,
  instanceId: e.XT_INSTANCE_ID ?? defaultInstanceId(),
  leaseTtlMs: e.XT_LEASE_TTL_MS,
  forwardTimeoutMs: e.XT_FORWARD_TIMEOUT_MS,
  rebalanceUsers: e.XT_REBALANCE_USERS,
  rebalanceIntervalMs: e.XT_REBALANCE_INTERVAL_MS,
});
