import fp from 'fastify-plugin';
import { emailSendJob, failEmailOfJob } from '../modules/crm/email/emailSend.job';
import { failMassEmailOfJob, massEmailSendJob } from '../modules/crm/email/massEmailSend.job';
import { recordExportJob } from '../modules/crm/export/recordExport.job';
import { recordImportRevertJob } from '../modules/crm/import/importRevert.job';
import { recordImportJob } from '../modules/crm/import/recordImport.job';
import { reportExportJob } from '../modules/crm/report/reportExport.job';
import { sharingRuleJob } from '../modules/crm/sharing/sharingRule.job';
import { systemExportJob } from '../modules/system/export/systemExport.job';
import { createJobQueue, type JobQueue } from '../modules/jobs/jobQueue';
import { JobRunner } from '../modules/jobs/jobRunner';

declare module 'fastify' {
  interface FastifyInstance {
    jobQueue: JobQueue;
    jobs: JobRunner;
  }
}

/**
 * The background jobs of this process (exports, imports): JOB_CONCURRENCY at once, started when
 * the server is ready; on close, unfinished jobs go back to the queue.
 */
export default fp(async (app) => {
  const queue = createJobQueue(app.db, { emailSend: failEmailOfJob, massEmailSend: failMassEmailOfJob });
  const runner = new JobRunner(
    queue,
    { export: recordExportJob, reportExport: reportExportJob, systemExport: systemExportJob, import: recordImportJob, importRevert: recordImportRevertJob, emailSend: emailSendJob, massEmailSend: massEmailSendJob, sharingRule: sharingRuleJob },
    { db: app.db, config: app.config, log: app.log, reporting: app.reporting },
  );
  app.decorate('jobQueue', queue);
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.close());
});
