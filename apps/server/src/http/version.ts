import serverPackage from '../../package.json' with { type: 'json' };

/** The server package version, reported by the health check (inlined by the production build). */
export const SERVER_VERSION: string = serverPackage.version;
