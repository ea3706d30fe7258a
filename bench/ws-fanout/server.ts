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
  else send({ type: 'stats', rssBytes: process.memoryUsage().rss });
});
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
