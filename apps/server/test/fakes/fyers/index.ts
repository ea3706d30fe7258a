export * from './fake-fyers';
