import { envelopeSchema, ok } from '@xtrader/core/api/envelope';
import { operatorDetailsSchema } from '@xtrader/core/api/operator';
import type { Resources } from '../../resources';
import type { AppModule } from '../module';
import { operatorDetails } from './operator-details';

/** `GET /public/operator`: who runs this instance, for the legal and contact pages (no login needed). */
export function createOperatorModule(resources: Pick<Resources, 'config'>): AppModule {
  const details = operatorDetails(resources.config.operator);
  return {
    name: 'operator',
    registerRoutes(app) {
      app.get(
        '/public/operator',
        {
          schema: {
            tags: ['system'],
            summary: "The operator's details shown on the terms, privacy, risk disclosure and contact pages",
            response: { 200: envelopeSchema(operatorDetailsSchema) },
          },
        },
        async () => ok(details),
      );
    },
  };
}
