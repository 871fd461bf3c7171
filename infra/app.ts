// CDK entry point (`npm run synth`, `npm run deploy`): the app of infra/cloud-app.ts, in the account and
// region of the caller's credentials (none offline: an environment-agnostic template).
import { App } from 'aws-cdk-lib';
import { defineApp } from './cloud-app.ts';

defineApp(new App(), { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION });
