// CDK entry point (`npx cdk synth`, `npx cdk deploy`).
import { App } from 'aws-cdk-lib';
import { BetPlayWinStack } from './stack.ts';

const app = new App();
new BetPlayWinStack(app, 'BetPlayWin', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
