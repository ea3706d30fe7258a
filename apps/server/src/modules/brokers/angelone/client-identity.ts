import { networkInterfaces } from 'node:os';

// SmartAPI wants the caller's local IP, public IP and MAC address in headers on every call. Angel One checks the
// public IP against the static IP the user registered for API orders, but the address it sees is the connection's
// own; the headers are informational. They are read once from this machine's first external IPv4 interface.

export interface ClientIdentity {
  localIp: string;
  publicIp: string;
  macAddress: string;
}

export function machineIdentity(): ClientIdentity {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) {
        return { localIp: address.address, publicIp: address.address, macAddress: address.mac };
      }
    }
  }
  return { localIp: '127.0.0.1', publicIp: '127.0.0.1', macAddress: '00:00:00:00:00:00' };
}
