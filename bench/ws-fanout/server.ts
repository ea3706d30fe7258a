import { startBareServer } from './bare-server';
import { startGatewayServer } from './gateway-server';
import type { ServerCommand, ServerEvent, ServerMode } from './protocol';

// Child process: one server under test, driven by the parent over IPC.
const [mode, symbolCount, rate] = [
  process.argv[2] as ServerMode,
  Number(process.argv[3]),
  Number(process.argv[4]),
];
const send = (event: ServerEvent) => process.send?.(event);

const server =
  mode === 'gateway' ? await startGatewayServer(symbolCount, rate) : await startBareServer(symbolCount, rate);
send({ type: 'ready', port: server.port, path: server.path, symbols: server.symbols });

process.on('message', (command: ServerCommand) => {
  if (command.type === 'pace') server.setPace(command.ticksPerSecond);
  else {
    const cpu = process.cpuUsage();
    send({ type: 'stats', rssBytes: process.memoryUsage().rss, cpuMicros: cpu.user + cpu.system });
  }
});
// Exit through process.exit (not the default signal death) so `--cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
